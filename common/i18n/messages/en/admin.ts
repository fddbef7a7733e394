/** The administration's texts (English only for now): navigation, screens, forms, tables, toasts. */
export default {};
