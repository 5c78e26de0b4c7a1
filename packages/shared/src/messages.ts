/** Texts shown to people, verbatim from the spec where it gives them. */
export const TEXT = {
  notFound: '404 error. Page not found :(',
  banned: 'YOU HAVE BEEN BANNED',
  bannedAppeal: 'If you think this was an error, you can appeal on our discord.',
  maintenance: 'We are currently undergoing maintenance. You can find more information on our socials.',
  lostConnection: 'Lost connection to the server, reconnecting...',
  refresh: 'Please refresh the page!',
  loggedIn: "You've been successfully logged in!",
  registered: "You've successfully registered an account!",
  resetMailSent: "We've sent you an email containing the security code to reset your password!",
  passwordReset: 'You have successfully reset your password, try login in!',
  passwordsNotEqual: 'The passwords are not equal!',
  recaptchaFailed: 'reCAPTCHA verification failed. Please try again.',
  recoveryPending: 'Please wait until you receive a response!',
  slowDown: 'Slow down!',
} as const;
