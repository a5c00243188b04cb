/**
 * SPEC 2: the cancel-confirmation modal has "a different illustration for brand
 * connect-home-repair-ondemand-pr" (the brand flag `cancelIllustration`). Decorative only.
 */
export function CancelIllustration({ kind }: { kind: 'road' | 'home' }) {
  return (
    <svg
      className="cancel-illustration"
      viewBox="0 0 160 96"
      width="160"
      height="96"
      aria-hidden="true"
      data-illustration={kind}
    >
      <circle cx="80" cy="48" r="44" fill="currentColor" opacity="0.12" />
      {kind === 'home' ? (
        <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round">
          <path d="M50 50 80 24l30 26" />
          <path d="M58 44v30h44V44" />
          <path d="M74 74V58h12v16" />
        </g>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round">
          <path d="M44 62V50l10-16h52l10 16v12z" />
          <path d="M56 34l-6 16h60l-6-16" />
          <circle cx="60" cy="64" r="7" fill="#fff" />
          <circle cx="100" cy="64" r="7" fill="#fff" />
        </g>
      )}
    </svg>
  );
}
