export {
  SharedLinkLanding,
  type SharedLinkLandingProps,
} from './components/shared-link-landing.tsx';
export type { SharedMapInput } from './components/shared-tracking-screen.tsx';
