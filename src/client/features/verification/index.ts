/* What other features use of verification: the 'Apply for verification' button. */
export { ApplyForVerification } from './apply-for-verification.tsx';
