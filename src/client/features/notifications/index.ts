export { NotificationSettings } from './notification-settings.tsx';
