import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable app-header.css sizes both side columns with. */
export const HEADER_SIDE_VARIABLE = '--app-header-side';

/**
 * Keeps the logo at the true centre of the header (decision 742: off-centre in a webview, where
 * the end holds Ayuda and the close control but the start only the back arrow): both side columns
 * get the width of the wider side's controls, measured, so the logo column is centred and the logo
 * shrinks rather than shifts when the controls need the room. Measured again whenever the controls
 * change size (close control shown, language switched, font loaded).
 */
export function useEqualHeaderSides(
  header: RefObject<HTMLElement | null>,
  start: RefObject<HTMLElement | null>,
  end: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const headerElement = header.current;
    const sides = [start.current, end.current].filter((side) => side !== null);
    if (!headerElement || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const widest = Math.max(0, ...sides.map((side) => side.getBoundingClientRect().width));
      headerElement.style.setProperty(HEADER_SIDE_VARIABLE, `${Math.ceil(widest)}px`);
    };
    // An observer reports each side's size once before the next frame is painted, and again on
    // every change: measuring here as well would force a layout of the whole new screen in the
    // middle of React's commit, a long task on a slow phone.
    const observer = new ResizeObserver(measure);
    for (const side of sides) observer.observe(side);
    return () => {
      observer.disconnect();
    };
  }, [header, start, end]);
}
