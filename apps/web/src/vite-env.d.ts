/** ISO time of the build (vite.config.ts `define`); versions the local translation cache. */
declare const __BUILD_ID__: string;

interface Window {
  /** Bridge that React Native's WebView injects into pages it hosts. */
  ReactNativeWebView?: { postMessage: (message: string) => void };
}
