/** Where every cart change posts (the cart page's action): the product page, the cards and the cart itself. */
export const CART_ACTION = '/cart';
