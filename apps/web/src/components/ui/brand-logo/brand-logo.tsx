import './brand-logo.css';

export interface BrandLogoProps {
  src: string;
  /** The brand's name: the logo's text alternative. */
  name: string;
  size?: 'header' | 'hero';
}

/** A brand's SVG logo, kept inside a fixed box so a wide or tall logo never shifts the layout. */
export function BrandLogo({ src, name, size = 'header' }: BrandLogoProps) {
  return <img className={`brand-logo brand-logo--${size}`} src={src} alt={name} />;
}
