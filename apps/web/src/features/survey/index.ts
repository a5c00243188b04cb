// Public face of the survey (SPEC 2 "Survey", SPEC 4 "Survey submit") and the post-service gate.
export { SurveyScreen } from './components/survey-screen.tsx';
export { ServiceGate } from './components/service-gate.tsx';
export { gateStatus } from './utils/gate-status.ts';
