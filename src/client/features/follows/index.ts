/*
 * What other features use of following: the Follow button a profile shows and the one a bettor's
 * row in a list shows. The feed page is routes/following.tsx's own.
 */
export { FollowButton, RowFollowButton } from './follow-button.tsx';
