import type { ServiceTypeName } from '@auxilio/domain';

// Simple line icons for the service tiles (24 x 24, drawn with currentColor).

const PATHS = {
  tow: 'M2 16V9h9v7M11 12h4l3 4M2 16h20M6 18.5a1.5 1.5 0 1 0 0 .01M17 18.5a1.5 1.5 0 1 0 0 .01M15 12l4-6h2',
  key: 'M14.5 9.5a4 4 0 1 0-1.2 2.9L20 19v2h-3v-2h-2v-2h-2l-1.9-1.9M8.5 8.5h.01',
  tire: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM12 3v5M12 16v5M3 12h5M16 12h5',
  fuel: 'M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M3 21h12M4 10h10M14 8l3 3v6a1.5 1.5 0 0 0 3 0V8l-3-3',
  battery: 'M3 8h18v11H3zM7 8V5h2v3M15 8V5h2v3M6 13h3M15 13h3M16.5 11.5v3',
  clipboard: 'M8 4h8v3H8zM6 5H5v16h14V5h-1M8.5 13l2.5 2.5 4.5-5',
  medical: 'M3 7h18v12H3zM12 10v6M9 13h6M9 7V4h6v3',
  driver:
    'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 10a2 2 0 1 0 0 4 2 2 0 1 0 0-4zM3.5 10.5c5-2 12-2 17 0M10 14l-4 6M14 14l4 6',
  travel: 'M4 8h16v12H4zM9 8V5h6v3M4 13h16',
  glass: 'M3 17c2-7 5-10 9-10s7 3 9 10zM8 11l2 2M14 10l-3 4',
  plane: 'M2 16l20-6-2-2-7 2-5-6H6l3 7-4 1-2-2H2l1 4zM3 20h18',
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
} as const;

type IconName = keyof typeof PATHS;

const ICON_OF: Partial<Record<ServiceTypeName, IconName>> = {
  locksmith: 'key',
  flatTire: 'tire',
  fuelDelivery: 'fuel',
  jumpStart: 'battery',
  towBreakdown: 'tow',
  towTire: 'tow',
  towExtraction: 'tow',
  towCollision: 'tow',
  inspections: 'clipboard',
  ambulance: 'medical',
  conductor_designado: 'driver',
  coordinacion_reparacion_neumatico: 'tire',
  asistencia_viajes_nacionales: 'travel',
  glass_replacement: 'glass',
  taxi_to_airport: 'plane',
};

export function ServiceIcon({ name, className }: { name: ServiceTypeName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="32"
      height="32"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[ICON_OF[name] ?? 'home']} />
    </svg>
  );
}
