// Loads a third-party script the way its vendor's snippet does: one async <script> at the end of the
// head. Only telemetry adapters call it, and only when their service is configured (decision 631).

/** Appends `<script async src>` once per address; resolves when it loaded, rejects when it failed. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    script.addEventListener('load', () => {
      resolve();
    });
    script.addEventListener('error', () => {
      reject(new Error(`Could not load ${new URL(src).origin}`));
    });
    doc.head.append(script);
  });
}
