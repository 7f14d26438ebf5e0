// The product name shown in the app bar, the guest layout and the document title.
export const APP_TITLE = "Pressroom";
