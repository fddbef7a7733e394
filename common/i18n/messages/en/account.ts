/** Sign-in, registration, passwords, e-mail verification and the shopper's profile. */
export default {};
