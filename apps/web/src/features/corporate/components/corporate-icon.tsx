// Line icons of the corporate screens (24 x 24, drawn with currentColor).

const PATHS = {
  assistance:
    'M2 16V9h9v7M11 12h4l3 4M2 16h20M6 18.5a1.5 1.5 0 1 0 0 .01M17 18.5a1.5 1.5 0 1 0 0 .01M15 12l4-6h2',
  services: 'M8 4h8v3H8zM6 5H5v16h14V5h-1M8 11h8M8 15h8M8 19h5',
  centers:
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5z',
  contact:
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  directions: 'M12 2l10 10-10 10L2 12zM9 14v-3h5M12 8.5l2.5 2.5L12 13.5',
  share: 'M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1',
  menu: 'M12 5h.01M12 12h.01M12 19h.01',
  location: 'M12 2v3M12 19v3M2 12h3M19 12h3M12 7a5 5 0 1 0 0 10 5 5 0 1 0 0-10z',
} as const;

export type CorporateIconName = keyof typeof PATHS;

export function CorporateIcon({ name, size = 28 }: { name: CorporateIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'menu' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
