import { createAppTheme } from './create-theme';
import { GuestLink } from './guest-link';

/** The app's theme without the router: its links hand over to the product app. */
export const guestTheme = createAppTheme(GuestLink);
