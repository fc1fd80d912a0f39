/** The impersonation banner's height: the shell reserves it before the banner's code has loaded. */
export const IMPERSONATION_BANNER_HEIGHT = 44;
