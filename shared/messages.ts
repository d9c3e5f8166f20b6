/**
 * Every user-facing string. The spec's strings (seed-spec.md sections 2, 5, 8 and 9) are
 * copied EXACTLY, punctuation and capitals included: users and tests find things by these
 * words. Strings marked "ours" are not in the spec; they follow its tone.
 *
 * MESSAGES: what the app says (errors, toasts, alerts, empty and loading states).
 * LABELS: what the app names (page titles, field labels, buttons, columns, links).
 */

/** ours: '{field} is required'. */
function required(field: string): string {
  return `${field} is required`;
}

/** ours: '{field} must be at most {max} characters'. */
function tooLong(field: string, max: number): string {
  return `${field} must be at most ${max} characters`;
}

export const MESSAGES = {
  /** Login and plan checks (spec section 8), plus our own sign-in messages. */
  login: {
    loggingIn: 'Logging-in...',
    branchPlanNotActive: 'Branch plan not active.',
    branchPlanExpired: 'Branch plan is expired.',
    subuserInactive: 'Subuser account is inactive. Contact your branch owner.',
    subuserPlanNotActive: 'Subuser plan not active. Contact your branch owner.',
    subuserPlanExpired: 'Subuser plan is expired. Contact your branch owner.',
    associatedBranchNotFound: 'Associated branch not found. Contact your branch owner.',
    /** Spec: for a subuser, "the same message with 'Contact your branch owner.'". */
    subuserBranchPlanNotActive: 'Branch plan not active. Contact your branch owner.',
    subuserBranchPlanExpired: 'Branch plan is expired. Contact your branch owner.',
    noUserFound: 'No user found with the provided credentials.',
    /** Any sign-in failure. */
    invalidCredentials: 'Invalid credentials. Please try again.',
    /** ours: rate limit on login and public forms. */
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    /** ours (spec: login requires email and password). */
    emailRequired: required('Email ID'),
    passwordRequired: required('Password'),
  },
  /** ours: sessions, guards and password reset. */
  auth: {
    /** Neutral on purpose: never reveals whether an account exists. */
    forgotPasswordSent:
      'If an account exists for that email, we have sent a link to reset the password.',
    notAllowed: 'You are not allowed to open this page.',
    sessionEnded: 'Your session has ended. Please log in again.',
    loginRequired: 'Please log in to continue.',
    passwordChangeRequired: 'Please change your temporary password before you continue.',
    wrongCurrentPassword: 'The current password is not correct.',
    wrongTemporaryPassword: 'The temporary password is not correct.',
    samePassword: 'Choose a new password that differs from the current one.',
    resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
    /** The reset page, opened from a used, expired or unknown link. */
    resetLinkNoLongerValid:
      'This reset link is no longer valid: it was used, it expired, or a newer one was sent.',
    crossSite: 'This request did not come from the TableFlow app.',
    passwordChanged: 'Your password has been changed.',
  },
  /** ours: two-factor sign-in (TOTP codes of an authenticator app, recovery codes). */
  twoFactor: {
    codeFormat: 'Enter the 6-digit code from your authenticator app',
    codeInvalid: 'Invalid code. Please enter the current code from your authenticator app.',
    recoveryCodeRequired: required('Recovery code'),
    recoveryCodeInvalid: 'Invalid or used recovery code. Please check it and try again.',
    loginExpired: 'Your sign-in took too long. Please log in again.',
    setupRequired: 'Super admins sign in with two-factor sign-in. Please set it up to continue.',
    setupExpired: 'This set-up has expired. Please start again.',
    cannotTurnOff: 'Two-factor sign-in is required for super admins and cannot be turned off.',
    passwordOrCode: 'Enter your password or a code from your authenticator app',
    turnedOn: 'Two-factor sign-in is on.',
    turnedOff: 'Two-factor sign-in is off.',
    resetDone: (name: string): string =>
      `Two-factor sign-in reset for ${name}: they sign in with their password until they set it up again.`,
    resetWasOff: (name: string): string => `Two-factor sign-in was not on for ${name}.`,
  },
  branch: {
    created: 'Branch created, user account set up, and email sent successfully.',
    /** ours: no mail server is set up (SMTP_URL), so the welcome mail waits in the outbox. */
    createdMailQueued:
      'Branch created and user account set up. The welcome email is queued and will be sent when mail is set up.',
    /** ours: the mail server did not take the welcome mail yet; the outbox tries again. */
    createdMailRetrying:
      'Branch created and user account set up. The welcome email is not sent yet: it will be tried again in a minute.',
    createFailed: 'Failed to create branch or user. Please try again.',
    startDateBeforeToday: 'Start date cannot be before today.',
  },
  product: {
    added: 'Product added successfully!',
    updated: 'Product updated successfully!',
    empty: 'No products available',
  },
  table: {
    added: 'Table added successfully',
    loading: 'Loading table...',
  },
  payment: {
    saved: 'Payment details saved successfully.',
    settled: 'Payment Successfully Settled',
    dueBy: (name: string): string => `Payment Due Successfully by ${name}`,
    methodAndStatusRequired: 'Please select a payment method and status.',
    responsibleRequired: "Please enter the responsible person's name for due payments.",
    confirmStatusChange: 'Are you sure you want to change the status?',
    /** ours: product.md bounds the discount to 0-100. */
    discountOutOfRange: 'Discount must be between 0 and 100.',
  },
  dues: {
    empty: 'No dues available.',
  },
  inventory: {
    ingredientAdded: 'Ingredient added successfully!',
    empty: 'No inventory items found',
    loading: 'Loading inventory...',
  },
  stock: {
    updated: 'Stocks updated successfully!',
  },
  vendor: {
    added: 'Vendor added successfully!',
    updated: 'Vendor details updated!',
    notFound: 'Vendor not found',
    noComments: 'No comments yet',
    /** ours: a payment (Add Comment) dated after the branch's today. */
    paymentDateInFuture: 'The date cannot be after today',
  },
  report: {
    nothingToExport: 'No data to export!',
  },
  demo: {
    sent: 'Your request has been sent successfully!',
    sendFailed: 'There was an error sending your request. Please try again.',
  },
  common: {
    pageNotFound: '404 Not Found',
    /** ours: a call that could not reach the server. */
    networkError: 'Could not reach the server. Check your connection and try again.',
    /** ours: a 5xx or an unexpected answer. */
    unexpected: 'Something went wrong. Please try again.',
  },
  /** ours: field validation, always naming the field. */
  validation: {
    required,
    tooLong,
    invalidEmail: 'Enter a valid email address',
    invalidContactNumber: 'Enter a valid contact number',
    controlCharacters: (field: string): string => `${field} must not contain control characters`,
    brokenText: (field: string): string => `${field} holds characters that are not valid text`,
  },
} as const;

export const LABELS = {
  landing: {
    tryForFree: 'Try For Free',
    getFreeTrial: 'Get Free Trial',
    buyNow: 'Buy Now',
    login: 'Login',
    nav: ['Home', 'Services', 'Page Features', 'Pricing', 'Contact Us', 'Blog'],
  },
  login: {
    emailId: 'Email ID',
    password: 'Password',
    rememberMe: 'Remember Me',
    submit: 'Login',
    /** ours: the spec names the link but not its text. */
    forgotPassword: 'Forgot Password?',
  },
  /** ours: two-factor sign-in. */
  twoFactor: {
    title: 'Two-factor sign-in',
    code: 'Authentication code',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    useRecoveryCode: 'Use a recovery code instead',
    useAppCode: 'Use a code from your app instead',
    setUp: 'Set up two-factor sign-in',
    turnOn: 'Turn on',
    turnOff: 'Turn off two-factor sign-in',
    setUpNewApp: 'Move to a new phone or app',
    resetForManager: 'Reset two-factor sign-in',
  },
  sidebar: {
    greeting: 'Welcome User',
  },
  admin: {
    addBranch: 'Add A Branch',
  },
  product: {
    addTitle: 'Add New Product',
    listTitle: 'Product List',
    editTitle: 'Edit Product',
    productName: 'Product Name',
    price: 'Price',
    subcategory: 'Subcategory',
    category: 'Category',
    ingredient: 'Ingredient',
    quantityUsed: 'Quantity Used',
    addMoreIngredients: 'Add More Ingredients',
    addProduct: 'Add Product',
    updateProduct: 'Update Product',
    columns: ['Name', 'Price', 'Subcategory', 'Actions'],
  },
  table: {
    addTitle: 'Add New Table',
    tableNumber: 'Table Number / Counter Number',
    addTable: 'Add Table',
    pay: 'Pay',
    orders: 'Orders',
    backToTables: 'Back To Tables',
  },
  orderReport: {
    title: 'Detailed Orders Report',
    fromDate: 'From Date',
    toDate: 'To Date',
    exportCsv: 'Export to CSV',
    columns: ['Table Number', 'Order Date', 'Quantity', 'Item Name', 'Price', 'Total'],
  },
  paymentReport: {
    title: 'Payment History Report',
    export: 'Export',
    associatedOrders: 'Associated Orders',
    close: 'Close',
    yes: 'Yes',
    no: 'No',
  },
  dues: {
    updatePayment: 'Update Payment',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  inventory: {
    title: 'Total Inventory Items',
    addInventory: 'Add Inventory',
    addStock: 'Add Stock',
    addIngredientTitle: 'Add New Ingredient',
    ingredientCategory: 'Ingredient Category',
    ingredientName: 'Ingredient Name',
    quantity: 'Quantity',
    editTitle: 'Edit Inventory Item',
    saveChanges: 'Save Changes',
  },
  stock: {
    title: 'Stock Management',
    addStockEntry: 'Add Stock Entry',
    entriesToSubmit: 'Stock Entries to Submit',
    submitAll: 'Submit All Stock Entries',
  },
  vendor: {
    /** The screens' names in the spec's route table. */
    dashboardTitle: 'Vendor Dashboard',
    detailsTitle: 'Vendor Details',
    addVendor: 'Add Vendor',
    edit: 'Edit',
    totalPayment: 'Total Payment',
    showMore: 'Show More',
    showLess: 'Show Less',
    exportCsv: 'Export to CSV',
    addComment: 'Add Comment',
    amountPaid: 'Amount Paid',
    paidBy: 'Paid By',
    date: 'Date',
    save: 'Save',
    backToDashboard: 'Back to Dashboard',
    stockColumns: ['Invoice Date', 'Stock Name', 'Quantity', 'Price'],
  },
  demo: {
    submit: 'Submit',
    /** ours: the Submit button while the request is on its way. */
    sending: 'Sending...',
  },
} as const;
