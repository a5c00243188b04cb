// Public face of the end of the journey: /cancelled and /finished, and SPEC 4 "Reset".
export { ServiceEndScreen, type ServiceEndKind } from './components/service-end-screen.tsx';
export { useFinishJourney } from './hooks/use-finish-journey.ts';
