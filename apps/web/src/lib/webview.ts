// SPEC 1: "The app can run inside a mobile-app webview; there a close control posts a closed message
// to the host app." React Native hosts inject window.ReactNativeWebView; other hosts embed the app in
// an iframe and listen on the parent window.

/** The message the host app listens for. */
export const CLOSED_MESSAGE = 'closed';

/** Tells the host app to close the webview. */
export function postClosedToHost(win: Window = window): void {
  if (win.ReactNativeWebView) {
    win.ReactNativeWebView.postMessage(CLOSED_MESSAGE);
    return;
  }
  win.parent.postMessage(CLOSED_MESSAGE, '*');
}
