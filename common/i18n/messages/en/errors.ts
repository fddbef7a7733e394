/** Messages of the server's answers that pages show: validation of forms, cart and order outcomes. */
export default {};
