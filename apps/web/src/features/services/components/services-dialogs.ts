// The services screen's dialogs, loaded together as one file when the screen first renders.
export { CallDrawer } from './call-drawer.tsx';
export { OtherHelpDialog } from './other-help-dialog.tsx';
