// Public face of the last post-service screens: /social and /feedback.
export { SocialScreen } from './components/social-screen.tsx';
export { FeedbackScreen } from './components/feedback-screen.tsx';
