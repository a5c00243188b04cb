// Public face of the tip screen (SPEC 2 /tips, SPEC 9 "Default tip 3").
export { TipsScreen, type TipCard, type TipCardForm } from './components/tips-screen.tsx';
