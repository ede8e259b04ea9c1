/*
 * What other features use of following: the Follow button a profile shows. The feed page is
 * routes/following.tsx's own.
 */
export { FollowButton } from './follow-button.tsx';
