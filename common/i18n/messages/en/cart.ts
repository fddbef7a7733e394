/** Cart, checkout, payment, order confirmation and the shopper's orders. */
export default {};
