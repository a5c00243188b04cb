import { useEffect, useState, type ComponentType } from 'react';

/**
 * A part of a screen whose code loads once the screen has rendered instead of before it: a dialog
 * that opens on a tap, the worker's registration. Until its code is there it renders nothing. A
 * failed download never reaches the screen's error boundary (the screen stays as it is) and is
 * tried again at the part's next render, such as the tap that opens it.
 */
export function partLoadedOnRender<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function PartLoadedOnRender(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | undefined>(() => loaded);
    // After every render until the code is there: a failed download is asked for again.
    useEffect(() => {
      if (Part) return;
      let mounted = true;
      start().then(
        (component) => {
          if (mounted) setPart(() => component);
        },
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    });
    return Part ? <Part {...props} /> : null;
  }
  return PartLoadedOnRender;
}
