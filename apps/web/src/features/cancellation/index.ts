// Public face of the cancellation feature (SPEC 2 cancel modals, SPEC 4 "Cancellation").
export {
  CancelServiceButton,
  type CancelServiceButtonProps,
} from './components/cancel-service-button.tsx';
