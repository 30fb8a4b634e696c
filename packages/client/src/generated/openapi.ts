/*
 * Generated from docs/openapi.json by openapi-typescript; do not edit by hand.
 * Regenerate with `pnpm --filter @trx-shop/client generate` (a test fails while this file is out of date).
 */

export interface paths {
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process answers (for a liveness probe: restart it when this fails)
         * @description Public and read-only: answers 200 while the process can answer at all, touching neither the store nor the node. Point a liveness probe here (restart the instance when it fails).
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether to send this instance traffic: store and node answer, the scanner and the event log keep up (200, else 503)
         * @description Public and read-only: asks the store and the TRON node, and compares the deposit scanner's lag and the event backlog with their bounds; 503 with the reasons when one fails. Point a load balancer's readiness probe here.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Store and chain reachability (200 when both answer, else 503)
         * @description Public and read-only: asks the store and the TRON node whether they answer and reports how far the deposit scanner is behind; 503 when either does not answer.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register; creates the custodial wallet and sets the auth cookies
         * @description Anyone may call it: creates a user account with its own custodial TRON wallet (the key stored sealed), opens a first session and sets the accessToken and refreshToken cookies, and mails a link to confirm the address (`/verify-email?token=...`, 24 hours). Emails and usernames are unique regardless of case.
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email and password (and the TOTP code when 2FA is on)
         * @description Anyone may call it: checks the email and password (and the TOTP code when 2FA is on), opens a session, records the login time and sets the auth cookies. Strictly rate-limited, with a per-account throttle after failures.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logged-in user
         * @description For a signed-in user (or admin): the caller's own account as login answers it, with the last login time; changes nothing.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New access cookie from the refresh cookie (rotates it)
         * @description Whoever holds the refreshToken cookie (no access token needed): sets a new access cookie and rotates the refresh cookie; presenting an already used refresh token ends its session (theft detection).
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /api/auth/refresh
         * @deprecated
         * @description Deprecated alias of POST /api/auth/refresh, with the same cookies, rules and answer.
         */
        post: operations["refreshSessionLegacy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in without cookies: an access and a refresh token (the TOTP code when 2FA is on); sets no cookie
         * @description Anyone may call it: logs in exactly as POST /api/auth/login does but answers the access and refresh tokens in the body and sets no cookie, for apps that cannot keep cookies. The session it opens is listed, revoked and ended like any other.
         */
        post: operations["createTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tokens/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new token pair for a refresh token (rotates it; an old one presented again ends the session); sets no cookie
         * @description Whoever holds a refresh token from POST /api/auth/tokens may trade it, once, for a new pair of the same session; presenting a spent one again ends that session (theft detection). Sets no cookie.
         */
        post: operations["refreshTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear the auth cookies and end the session
         * @description Anyone may call it, signed in or not: ends the session of the access token (or of the refresh cookie) and clears both auth cookies. It always answers 200, so a client can always drop its cookies.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link by mail; answers the same for any address
         * @description Anyone may call it: queues a mail with a link to reset the password (valid 30 minutes, replacing any earlier link) when the address belongs to an active account, and answers the same 200 whether it does, is blocked or is unknown. Strictly rate-limited per client address, and limited per email address (429 RATE_LIMITED).
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a mailed reset token; ends every session of the account
         * @description Whoever holds a reset link: sets the new password (the registration rules) and spends the token, which works once; every session and refresh token of the account ends, and a "password changed" notice is mailed. An unknown, used, expired or replaced token answers 400 INVALID_RESET_TOKEN.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the account’s email address with a mailed token
         * @description Whoever holds a verification link (no sign-in needed: the link may be opened on another device): marks the address confirmed and spends the token, which works once and for 24 hours. An unknown, used, expired or replaced token, or one mailed to an address the account no longer has, answers 400 INVALID_VERIFICATION_TOKEN. Strictly rate-limited per client address.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new link to confirm the caller’s email address
         * @description For a signed-in user whose address is unconfirmed: mails a new link (24 hours) to the current address, and the older link stops working. A confirmed address answers 200 with `sent: false` and mails nothing. Limited per account (3 an hour; 429 RATE_LIMITED).
         */
        post: operations["resendEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s profile
         * @description For a signed-in user (or admin): the caller’s own profile with wallet addresses, phone, country and 2FA state; changes nothing.
         */
        get: operations["getProfile"];
        /**
         * Update username, email, phone or country
         * @description For a signed-in user: changes the caller’s own username, email, phone or country, only the fields sent (null clears phone or country); usernames and emails are unique regardless of case (409 USERNAME_TAKEN, EMAIL_TAKEN). A new email needs currentPassword (400 INVALID_CURRENT_PASSWORD when missing or wrong, checked before anything else about the address; nothing is written or mailed) and is unconfirmed: a verification link is mailed to it and a notice to the old address.
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Alias of PUT /api/users/profile
         * @deprecated
         * @description Deprecated alias of PUT /api/users/profile, with the same body, rules and answer.
         */
        patch: operations["updateProfileLegacy"];
        trace?: never;
    };
    "/api/users/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password; other sessions are logged out
         * @description For a signed-in user: replaces the caller’s password after checking the current one; every other session of the caller ends, this one stays.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Alias of PUT /api/users/password
         * @deprecated
         * @description Deprecated alias of PUT /api/users/password, with the same body, rules and answer.
         */
        patch: operations["changePasswordLegacy"];
        trace?: never;
    };
    "/api/users/wallet/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an external TRON address (informational)
         * @description For a signed-in user: records an external TRON address on the caller’s profile, for information only; payments still come from the custodial wallet.
         */
        post: operations["connectWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/connect-wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /api/users/wallet/connect
         * @deprecated
         * @description Deprecated alias of POST /api/users/wallet/connect, with the same body, rules and answer.
         */
        post: operations["connectWalletLegacy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/mail-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the caller lets the shop mail them
         * @description For a signed-in user: whether receipts are mailed, and for an admin which merchant alerts; everything is on until turned off. Security notices (2FA, password, new sign-in) have no switch.
         */
        get: operations["getMailPreferences"];
        /**
         * Turn receipts, or an admin’s merchant alerts, on or off
         * @description For a signed-in user: changes the switches named, keeping the others; only admins may name alerts (400 VALIDATION_ERROR on `alerts` otherwise). Applies to mail queued from then on.
         */
        put: operations["updateMailPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s active sessions, most recent activity first
         * @description For a signed-in user: the caller's own active sessions with device, IP address and last activity, the one making this request marked `current`; changes nothing.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of the caller’s sessions
         * @description For a signed-in user: ends one of the caller's own sessions, so its tokens stop working at the next request and its WebSockets close; another user's session answers 404.
         */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/security/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start 2FA setup (needs the current password): the one answer that shows the TOTP secret
         * @description For a signed-in user without 2FA: after checking the current password, stores a new TOTP secret (sealed, not yet active) and shows it, with its otpauth URL and QR code, in this answer only. POST /api/security/2fa/verify then turns 2FA on.
         */
        post: operations["enableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/security/2fa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate 2FA with a code from the authenticator
         * @description For a signed-in user who started the setup: turns 2FA on when the code matches the pending secret; from then on login, token creation and withdrawals need a code.
         */
        post: operations["verifyTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/security/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn 2FA off (needs a current code and the password)
         * @description For a signed-in user with 2FA on: turns it off and deletes the secret, after checking a current code and the password.
         */
        post: operations["disableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The currencies the shop accepts
         * @description Public and read-only: the currencies this shop sells in, as its ACCEPTED_CURRENCIES setting names them (TRX, USDT, or both). Takes no query parameters.
         */
        get: operations["listAcceptedCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active products, newest first; search on name or description, category filter
         * @description Public and read-only: the active products, newest first, with a case-insensitive search in name and description and a category filter. The answer carries the catalogue's ETag: send it back as If-None-Match for a 304 while nothing changed.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One active product
         * @description Public and read-only: one active product (an archived or unknown id answers 404), with the catalogue's ETag for If-None-Match.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All products (archived too), newest first; search on name or description, category filter
         * @description For admins: every product, archived ones too, newest first, with the public list's search and category filter; changes nothing. API key scope: `products:write`.
         */
        get: operations["listAdminProducts"];
        put?: never;
        /**
         * Create a product
         * @description For admins: adds a product to the catalogue (active unless `isActive` is false, stock 0 unless given) and records it in the audit trail. API key scope: `products:write`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product, archived or active
         * @description For admins: one product as the admin list shows it, archived ones too (the public `getProduct` answers 404 for those); read from the store on every request, so it shows a change at once; changes nothing. API key scope: `products:write`.
         */
        get: operations["getAdminProduct"];
        put?: never;
        post?: never;
        /**
         * Archive a product (isActive false); it stays in this list and in past orders
         * @description For admins: sets `isActive` to false, so the product leaves the public catalogue but stays in the admin list, in past orders and in statistics; recorded in the audit trail. API key scope: `products:write`.
         */
        delete: operations["archiveProduct"];
        options?: never;
        head?: never;
        /**
         * Update any subset of a product’s writable fields
         * @description For admins: changes the fields sent (at least one) and records them, before and after, in the audit trail; the next catalogue request on any instance shows the change. API key scope: `products:write`.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s orders, newest first
         * @description For a signed-in user: the caller's own orders, newest first, optionally of one status; changes nothing.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create a pending order (one pending order per user)
         * @description For a signed-in user with a wallet: creates a pending order of active products at their current prices, the total less the 0.01 TRX network fee, after checking the stock; a user has at most one pending order. Nothing is paid or held yet.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price a cart: what an order of these lines would cost now
         * @description Public, like the catalogue: prices the lines exactly as createOrder would (active products at their current prices, the available stock checked, the total less the 0.01 TRX network fee) and refuses them as it would. Creates no order and holds nothing.
         */
        post: operations["quoteOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the caller’s orders (admins: any order)
         * @description For a signed-in user: one of the caller's own orders (admins: any order); another user's order answers 404.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel one’s own pending order that has no pending or confirmed payment
         * @description For the order's owner: cancels a pending order that has no payment pending or confirmed; nothing was paid, so nothing is sent back.
         */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a pending order from the custodial wallet; confirmation follows by event
         * @description For the order's owner: holds the order's stock and the amount, then signs a transfer of the total from the caller's custodial wallet to the merchant wallet and broadcasts it. The order completes when the transfer reaches the solidified chain (a `transaction:confirmed` event follows).
         */
        post: operations["payOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s transactions (refunds of the caller’s orders included), newest first
         * @description For a signed-in user: the caller's purchases, withdrawals and deposits, and the refunds of the caller's orders, newest first, filtered by type and status; changes nothing.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the caller’s transactions
         * @description For a signed-in user: one of the caller's own transactions; another user's answers 404.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirmed balances of the custodial wallet (TRX, and USDT when on), what it has in flight, and the TRX a USDT transfer burns
         * @description For a signed-in user: asks the TRON node for the custodial wallet's solidified balance in each currency the service follows and adds what the service has in flight from it; `balance` and `pendingOutgoing` are the TRX entry's, kept for TRX-only clients. `usdtTransferFee` is the TRX one USDT transfer to the merchant wallet would burn now. Changes nothing.
         */
        get: operations["getWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets/fee-estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chain fee a payment or a withdrawal of an amount would burn, and whether the wallet covers it
         * @description For a signed-in user: the TRX the TRON network would burn from the custodial wallet for one transfer of `amount`: to the merchant wallet (a payment; `to` absent) or to `to` (a withdrawal). It is the estimate the pay and withdrawal balance checks add to the amount, read from the node now: 0 while the wallet's bandwidth (the daily free allowance or staked) covers the transaction, every byte of it burned when it does not, and the account-creation fees when the recipient account does not exist yet. `shortfall` is what the wallet still lacks after the transfers already in flight; changes nothing, reserves nothing. Admins pay no orders: their payment estimate answers 403 FORBIDDEN (a withdrawal's is answered).
         */
        get: operations["getFeeEstimate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallets/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw TRX from the custodial wallet (Idempotency-Key honoured for 24 h)
         * @description For a signed-in user: signs and broadcasts a TRX transfer from the caller's custodial wallet to another TRON address (with a TOTP code when 2FA is on). The same Idempotency-Key within 24 hours answers the first withdrawal again instead of sending twice.
         */
        post: operations["sendFromWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All orders with their customer, newest first (status, from, to, search and customer filters)
         * @description For admins: every order with its customer, newest first, filtered by status, a createdAt range, a search on the customer or the order number, and one customer; changes nothing. API key scope: `orders:read`.
         */
        get: operations["listSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sales/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All orders with their customer as CSV (sales.csv), newest first, streamed, with the same filters
         * @description For admins: the orders GET /api/admin/sales selects, unpaged, as a CSV file streamed row by row; a text cell that a spreadsheet would run as a formula starts with `'`. API key scope: `orders:read`.
         */
        get: operations["exportSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Override an order’s status (pending, completed, refunded); no stock change, no transfer
         * @description For admins: sets an order’s status by hand, moving neither stock nor money; refused while a payment or refund is in flight, or when it would make a second pending order. Recorded in the audit trail. API key scope: `orders:write`.
         */
        patch: operations["overrideOrderStatus"];
        trace?: never;
    };
    "/api/admin/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Alias of PATCH /api/orders/{id}/status
         * @deprecated
         * @description Deprecated alias of PATCH /api/orders/{id}/status, with the same body, rules and answer. API key scope: `orders:write`.
         */
        patch: operations["overrideOrderStatusLegacy"];
        trace?: never;
    };
    "/api/admin/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund all or part of what a completed order’s payment brought, from the merchant wallet; the status follows once the whole payment is back
         * @description For admins: sends TRX from the merchant wallet back to the wallet that paid a completed order, the amount given or all that is left; the order becomes refunded once the whole payment is back. Recorded in the audit trail. API key scope: `refunds:write`.
         */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/verify-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a pending or failed order paid by a transfer made outside the service, after checking it on the solidified chain
         * @description For admins: checks on the solidified chain a transfer the customer made outside the service (to the merchant wallet, at least the total, paying no other order) and completes the pending or failed order with it; recorded in the audit trail. API key scope: `orders:write`.
         */
        post: operations["verifyOrderPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customers with their spending, newest first; search on username or email
         * @description For admins: the customers (role user), newest first, each with what they spent, and their count and volume against the previous 30 days; changes nothing. API key scope: `customers:read`.
         */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One customer with their spending and how many orders they placed in each status
         * @description For admins: one customer as the customer list shows them, with their orders counted by status and when they last ordered; an admin's id is answered 404 USER_NOT_FOUND, as this is the customers' view. The orders themselves: GET /api/admin/sales?customer={id}. Changes nothing. API key scope: `customers:read`.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Block (isActive false) or unblock (true) a customer; admins cannot be blocked
         * @description For signed-in admins only (no API key): blocks a customer, ending every session of theirs at once and refusing their logins, or unblocks one (who then logs in again); admins cannot be blocked. Recorded in the audit trail.
         */
        patch: operations["setCustomerActive"];
        trace?: never;
    };
    "/api/admin/customers/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * All customers as CSV (customers.csv), streamed
         * @description For admins: every customer with what they spent as a CSV file, streamed row by row from the store; changes nothing. API key scope: `customers:read`.
         */
        post: operations["exportCustomers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard: totals, 30-day trends, status counts, recent sales, top products, 181-day chart
         * @description For admins: the dashboard's figures, computed from the orders at the moment of the request; changes nothing. API key scope: `stats:read`.
         */
        get: operations["getDashboardStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ledger/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant ledger as CSV (ledger.csv), oldest first, streamed, with the same filters
         * @description For admins: the merchant wallet's movements GET /api/admin/ledger selects, oldest first and unpaged, as a CSV file with the balance after each; changes nothing. API key scope: `ledger:read`.
         */
        get: operations["exportMerchantLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every movement of the merchant wallet with its running balance and the totals of the filter
         * @description For admins: every movement of the merchant wallet (payments in, refunds out, deposits, withdrawals, fees) with the balance after each, and the totals of the filter; changes nothing. API key scope: `ledger:read`.
         */
        get: operations["listMerchantLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest reconciliation of the ledger against the chain (404 before the first run)
         * @description For admins: the report of the latest reconciliation, whoever ran it (this route, another instance or `pnpm reconcile`); changes nothing. API key scope: `ledger:read`.
         */
        get: operations["getReconciliationReport"];
        put?: never;
        /**
         * Reconcile the ledger with the solidified chain now, keep the report as the latest and answer it
         * @description For signed-in admins only (no API key): compares the ledger with the solidified chain now (the blocks since the last run and the wallets active in them, or what the body asks), keeps the report as the latest and answers it. One reconciliation runs at a time across instances.
         */
        post: operations["runReconciliation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reconciliation/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The history of reconciliation runs, newest first, each without its discrepancy rows
         * @description For admins: every reconciliation run kept (this route’s, another instance’s or `pnpm reconcile`’s), newest first by start, each with its counts by kind but not its rows; changes nothing. API key scope: `ledger:read`.
         */
        get: operations["listReconciliationRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reconciliation/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One reconciliation run’s whole report, its discrepancy rows included
         * @description For admins: the report of the run with this id, as the run answered it; changes nothing. API key scope: `ledger:read`.
         */
        get: operations["getReconciliationRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every webhook endpoint, oldest first (secrets are never shown again)
         * @description For admins: every webhook endpoint, oldest first, with its state; secrets are never shown again. API key scope: `webhooks:write`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint; the answer shows its signing secret, once
         * @description For admins: registers an HTTP endpoint that will receive the chosen events as signed POSTs, and shows its signing secret in this answer only; recorded in the audit trail. API key scope: `webhooks:write`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description For admins: one webhook endpoint with its state; its secret is never shown again. API key scope: `webhooks:write`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Remove a webhook endpoint and its delivery log; nothing more is sent to it
         * @description For admins: removes the endpoint and its delivery log; nothing more is sent to it. Recorded in the audit trail. API key scope: `webhooks:write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint’s URL, event filter, description or enabled flag
         * @description For admins: changes the fields sent; enabling an endpoint again clears the reason the service disabled it (what happened meanwhile is not sent). Recorded in the audit trail. API key scope: `webhooks:write`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/admin/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret, shown once; the previous one keeps signing (a second signature) for 24 hours
         * @description For admins: makes a new signing secret, shown in this answer only; for 24 hours deliveries carry a second signature with the previous one. Recorded in the audit trail. API key scope: `webhooks:write`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a webhook.ping delivery to the endpoint now (a test of the receiver and its signature check)
         * @description For admins: queues a `webhook.ping` delivery to the endpoint through the usual queue, retries and log, to test the receiver and its signature check. API key scope: `webhooks:write`.
         */
        post: operations["pingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint’s delivery log, newest first: each attempt’s status, latency and response
         * @description For admins: the endpoint's delivery log, newest first, each delivery with its attempts (time, status code, latency, the start of the response); changes nothing. API key scope: `webhooks:write`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again now, with the same webhook-id and body; its retry schedule starts over
         * @description For admins: sends a logged delivery again now with the same webhook-id and body, its retry schedule starting over. API key scope: `webhooks:write`.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who did what: every admin action and server command, newest first, with what it changed
         * @description For signed-in admins only (no API key): every admin action and server command from the event log, newest first, with who did it and what changed; changes nothing.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order's timeline, oldest first: every event of it, admin actions with who did them
         * @description For admins: every event of one order from the event log, oldest first, the service's own steps with a null actor and admin actions with theirs; changes nothing. API key scope: `orders:read`.
         */
        get: operations["getOrderHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every API key (revoked ones too), newest first; never the keys themselves
         * @description For signed-in admins only (no API key): every API key, revoked and expired ones too, newest first, with its last use; the keys themselves are never shown again.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Make an API key with the scopes given; the answer shows the key, once
         * @description For signed-in admins only (no API key): makes an API key acting as the caller with the scopes given and shows the key in this answer only; the service keeps only its hash and prefix.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key: it stops working at the next request, on every instance
         * @description For signed-in admins only (no API key): revokes an API key, which stops working at the next request on every instance.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log: queued mail, newest first, with each attempt (never what a mail says)
         * @description For admins: every queued message, newest first (optionally of one status), with its attempts, last error and next attempt; never the sealed content. `delivery` says where this service sends mail: `smtp` (SMTP_URL), `mailbox` (the embedded mailbox: the mailbox routes answer) or `held` (production without SMTP_URL: mail stays queued). API key scope: `mail:read`.
         */
        get: operations["listMailMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a failed message again, due now; its retry schedule starts over
         * @description For admins: queues a failed message again for an attempt now, with the same Message-ID; a pending one (queued already) or a sent one (never sent twice) answers 409 MAIL_NOT_FAILED. Recorded in the audit trail. API key scope: `mail:write`.
         */
        post: operations["retryMailMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a test email to the signed-in admin’s own address
         * @description For admins: queues a `test` mail to the admin's own address (an API key's: its creator's), a new message each time; it goes out like every mail, and the delivery log shows its attempts. Recorded in the audit trail. API key scope: `mail:write`.
         */
        post: operations["sendTestMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The embedded mailbox, newest first (only without SMTP_URL, outside production)
         * @description For admins: the mail the embedded default kept instead of sending, newest first; 404 MAILBOX_NOT_IN_USE when the service sends over SMTP or holds mail queued (`delivery` of the delivery log). API key scope: `mail:read`.
         */
        get: operations["listMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mailbox/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One mail of the embedded mailbox: subject, both parts (only without SMTP_URL, outside production)
         * @description For admins: one mail the embedded default kept, by its message id; 404 MAILBOX_NOT_IN_USE when there is no mailbox, 404 MAIL_MESSAGE_NOT_FOUND when it holds no such mail. API key scope: `mail:read`.
         */
        get: operations["getMailboxMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ws": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * WebSocket. Send {"event":"join-user","data":"<userId>"} (transaction:confirmed, transaction:failed, order:refunded, wallet:deposit) or, for admins, {"event":"join-admin"} (order, payment, refund, deposit, withdrawal events and webhook.disabled)
         * @description For a signed-in user (the access token may also come as ?token=): opens a WebSocket that delivers the real-time events of the rooms it joins (admins may join any user’s room); it changes nothing. Admins may also join the admin room with {"event":"join-admin"}: one frame per logged order.*, payment.*, refund.*, deposit.*, withdrawal.* and webhook.disabled event, named by its type, with the data its webhook body carries; anyone else is answered {"event":"error","data":{"code":"FORBIDDEN"}}. Frames are {event, data, id}; `id` is the logged event id. To resume after a reconnect, connect with ?lastEventId=<id> (or send {"event":"resume","data":"<id>"} before join-user or join-admin): the rooms joined first receive what was missed, then live frames (docs/api.md, "Real-time events").
         */
        get: operations["openWebSocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        GetLivenessResponse: {
            /** @enum {string} */
            status: "ok";
        };
        /** @description Every error answer */
        Error: {
            /** @enum {boolean} */
            success?: false;
            error: string;
            /**
             * @description stable UPPER_SNAKE error code: UNAUTHENTICATED (no, invalid or revoked token, session or API key); TOKEN_EXPIRED (the access token expired: refresh and retry); ACCOUNT_BLOCKED (the account is blocked); FORBIDDEN (an admin route for a non-admin); VALIDATION_ERROR (a body, query or rule check failed (details names the field)); INVALID_ID (a malformed id in the path); EMAIL_TAKEN (the email is registered already (case-insensitive)); USERNAME_TAKEN (the username is taken (case-insensitive)); INVALID_CREDENTIALS (wrong email or password); TWO_FACTOR_REQUIRED (login needs the 2FA code); INVALID_TWO_FACTOR_CODE (the 2FA code is wrong); INVALID_CURRENT_PASSWORD (the current password is wrong); PENDING_ORDER_EXISTS (the user has a pending order already (pendingOrderId)); NO_WALLET (the user has no wallet); PRODUCT_NOT_FOUND (no such product); INSUFFICIENT_STOCK (more than the available stock); ORDER_TOTAL_TOO_LOW (the total after the network fee would be 0 or less); ORDER_NOT_FOUND (no such order (or another user’s)); NOT_ORDER_OWNER (paying another user’s order); ORDER_NOT_PENDING (the order is not pending); PAYMENT_IN_PROGRESS (a payment of the order is in flight or confirmed); INSUFFICIENT_BALANCE (the wallet cannot cover it (userBalance, requiredAmount, estimatedFee); nothing was signed); PAYMENT_FAILED (the transfer failed (reason: INSUFFICIENT_BALANCE, EXPIRED, FAILED_ON_CHAIN or BROADCAST_REJECTED)); CHAIN_UNAVAILABLE (the TRON node does not answer; nothing failed, try again); INVALID_STATUS (a status override to something other than pending, completed or refunded); USER_NOT_FOUND (no such user); CANNOT_BLOCK_ADMIN (blocking an admin or oneself); ORDER_ALREADY_REFUNDED (the order is refunded already); ORDER_NOT_COMPLETED (a refund of an order that is not completed); REFUND_IN_PROGRESS (refunds in flight hold the rest of the payment); ADMIN_WALLET_NOT_CONFIGURED (the merchant has no wallet to refund from); INSUFFICIENT_ADMIN_BALANCE (the merchant wallet cannot cover the refund (adminBalance, requiredAmount)); MERCHANT_NOT_CONFIGURED (no merchant wallet to pay to yet); INVALID_ADDRESS (not a TRON base58 address); SESSION_NOT_FOUND (no such session of the caller); RATE_LIMITED (too many requests (Retry-After)); PAYLOAD_TOO_LARGE (a body over 100 kB); NOTHING_TO_REFUND (the payment never arrived on chain (refundable: 0)); REFUND_EXCEEDS_PAID (more than is left to refund (refundable)); ORDER_HAS_PAYMENT (an override to pending of an order with a live payment); IDEMPOTENCY_KEY_REUSED (an Idempotency-Key sent before with another body); TX_NOT_FOUND (verify-payment: no such TRX transfer); TX_NOT_SOLIDIFIED (verify-payment: not solidified yet; try again in a minute); TX_FAILED (verify-payment: the transfer failed on chain); TX_WRONG_RECIPIENT (verify-payment: not sent to the merchant wallet); TX_AMOUNT_TOO_LOW (verify-payment: less than the order total); TX_ALREADY_LINKED (verify-payment: the transfer pays another order, or the service sent it); INSUFFICIENT_SCOPE (an API key outside its scopes (requiredScope)); API_KEY_NOT_FOUND (no such API key); WEBHOOK_URL_NOT_ALLOWED (a webhook URL that is not http(s) or reaches a private, loopback, link-local or metadata address); WEBHOOK_NOT_FOUND (no such webhook endpoint); WEBHOOK_DELIVERY_NOT_FOUND (no such delivery of the endpoint); INVALID_RESET_TOKEN (the password reset link is unknown, used, expired or replaced by a newer one); INVALID_VERIFICATION_TOKEN (the email verification link is unknown, used, expired, replaced, or for an address the account no longer has); EMAIL_NOT_VERIFIED (the shop requires a confirmed email address before paying or withdrawing); MAIL_MESSAGE_NOT_FOUND (no such message in the mail queue (or the mailbox)); MAIL_NOT_FAILED (only a failed message can be retried (a pending one is queued, a sent one never goes twice)); MAILBOX_NOT_IN_USE (the service sends mail over SMTP or holds it queued: there is no local mailbox); METHOD_NOT_ALLOWED (a method the path is not served with (Allow lists those it is)); UPGRADE_REQUIRED (the WebSocket route without an upgrade); CROSS_SITE_REQUEST (a state-changing request a browser sent from another site (Origin / Sec-Fetch-Site); nothing was changed); NOT_FOUND (no such route or resource); TRANSACTION_NOT_FOUND (no such transaction of the caller); RECONCILIATION_NOT_RUN (no reconciliation has run yet); RECONCILIATION_RUNNING (a reconciliation is running already (one at a time, on every instance)); RECONCILIATION_RUN_NOT_FOUND (no reconciliation run has this id); TRANSACTION_NOT_PENDING (a settled transaction cannot change status (internal guard)); KEY_DECRYPTION_FAILED (a sealed key cannot be opened with the configured keys); UNSUPPORTED_MEDIA_TYPE (a body that is not application/json in UTF-8); INTERNAL_ERROR (an unexpected error (logged with the request id))
             * @enum {unknown}
             */
            code: "UNAUTHENTICATED" | "TOKEN_EXPIRED" | "ACCOUNT_BLOCKED" | "FORBIDDEN" | "VALIDATION_ERROR" | "INVALID_ID" | "EMAIL_TAKEN" | "USERNAME_TAKEN" | "INVALID_CREDENTIALS" | "TWO_FACTOR_REQUIRED" | "INVALID_TWO_FACTOR_CODE" | "INVALID_CURRENT_PASSWORD" | "PENDING_ORDER_EXISTS" | "NO_WALLET" | "PRODUCT_NOT_FOUND" | "INSUFFICIENT_STOCK" | "ORDER_TOTAL_TOO_LOW" | "ORDER_NOT_FOUND" | "NOT_ORDER_OWNER" | "ORDER_NOT_PENDING" | "PAYMENT_IN_PROGRESS" | "INSUFFICIENT_BALANCE" | "PAYMENT_FAILED" | "CHAIN_UNAVAILABLE" | "INVALID_STATUS" | "USER_NOT_FOUND" | "CANNOT_BLOCK_ADMIN" | "ORDER_ALREADY_REFUNDED" | "ORDER_NOT_COMPLETED" | "REFUND_IN_PROGRESS" | "ADMIN_WALLET_NOT_CONFIGURED" | "INSUFFICIENT_ADMIN_BALANCE" | "MERCHANT_NOT_CONFIGURED" | "INVALID_ADDRESS" | "SESSION_NOT_FOUND" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE" | "NOTHING_TO_REFUND" | "REFUND_EXCEEDS_PAID" | "ORDER_HAS_PAYMENT" | "IDEMPOTENCY_KEY_REUSED" | "TX_NOT_FOUND" | "TX_NOT_SOLIDIFIED" | "TX_FAILED" | "TX_WRONG_RECIPIENT" | "TX_AMOUNT_TOO_LOW" | "TX_ALREADY_LINKED" | "INSUFFICIENT_SCOPE" | "API_KEY_NOT_FOUND" | "WEBHOOK_URL_NOT_ALLOWED" | "WEBHOOK_NOT_FOUND" | "WEBHOOK_DELIVERY_NOT_FOUND" | "INVALID_RESET_TOKEN" | "INVALID_VERIFICATION_TOKEN" | "EMAIL_NOT_VERIFIED" | "MAIL_MESSAGE_NOT_FOUND" | "MAIL_NOT_FAILED" | "MAILBOX_NOT_IN_USE" | "METHOD_NOT_ALLOWED" | "UPGRADE_REQUIRED" | "CROSS_SITE_REQUEST" | "NOT_FOUND" | "TRANSACTION_NOT_FOUND" | "RECONCILIATION_NOT_RUN" | "RECONCILIATION_RUNNING" | "RECONCILIATION_RUN_NOT_FOUND" | "TRANSACTION_NOT_PENDING" | "KEY_DECRYPTION_FAILED" | "UNSUPPORTED_MEDIA_TYPE" | "INTERNAL_ERROR";
            details?: {
                field: string;
                message: string;
            }[];
            pendingOrderId?: string;
            userBalance?: number;
            requiredAmount?: number;
            estimatedFee?: number;
            adminBalance?: number;
            /** @description TRX of the order still refundable */
            refundable?: number;
            /**
             * @description why the transfer failed: INSUFFICIENT_BALANCE (the sending wallet cannot cover the amount and the network fee); EXPIRED (the transaction expired before it was included in a block); FAILED_ON_CHAIN (the transfer failed on chain); BROADCAST_REJECTED (the network rejected the transfer)
             * @enum {unknown}
             */
            reason?: "INSUFFICIENT_BALANCE" | "EXPIRED" | "FAILED_ON_CHAIN" | "BROADCAST_REJECTED";
            /** @description INSUFFICIENT_SCOPE: the scope the route needs; null where API keys cannot go */
            requiredScope?: string | null;
        };
        GetReadinessResponse: {
            status: "ready" | "not-ready";
            store: boolean;
            chain: boolean;
            scannerLagBlocks: number | null;
            /** @description logged events this instance has not delivered to its sockets yet */
            eventLag: number | null;
            /** @description events waiting for the relay (counted up to the bound + 1) */
            outboxBacklog: number | null;
            /** @description why not ready; empty when ready */
            reasons: string[];
        };
        GetHealthResponse: {
            status: "ok" | "degraded";
            /** @description the database answers */
            store: boolean;
            /** @description the TRON node answers */
            chain: boolean;
            /** @description solidified blocks the deposit scanner has yet to read; null before its first run or while the store or node does not answer */
            scannerLagBlocks: number | null;
        };
        RegisterRequest: {
            email: string;
            /** @description letters and digits of any script, `_`, `.` and `-`; unique regardless of case */
            username: string;
            password: string;
            /** @description the password again; must be equal to it */
            passwordConfirm: string;
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60701",
         *       "email": "ann@example.com",
         *       "username": "ann",
         *       "role": "user",
         *       "wallet": {
         *         "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *         "balance": 0
         *       }
         *     }
         */
        RegisteredUser: {
            id: string;
            email: string;
            username: string;
            role: "user" | "admin";
            wallet: {
                address: string | null;
                balance: number;
            };
        };
        RegisterResponse: {
            /** @example User registered successfully */
            message: string;
            user: components["schemas"]["RegisteredUser"];
        };
        LoginRequest: {
            email: string;
            password: string;
            /** @description TOTP code, required when 2FA is on */
            code?: string;
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60701",
         *       "email": "ann@example.com",
         *       "username": "ann",
         *       "role": "user",
         *       "wallet": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"
         *     }
         */
        AuthUser: {
            id: string;
            email: string;
            username: string;
            role: "user" | "admin";
            wallet: string | null;
        };
        LoginResponse: {
            /** @example Login successful */
            message: string;
            user: components["schemas"]["AuthUser"];
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60701",
         *       "email": "ann@example.com",
         *       "username": "ann",
         *       "role": "user",
         *       "wallet": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "createdAt": "2025-01-02T08:00:00.000Z",
         *       "lastLogin": null
         *     }
         */
        AuthProfile: {
            id: string;
            email: string;
            username: string;
            role: "user" | "admin";
            wallet: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastLogin: string | null;
        };
        GetCurrentUserResponse: {
            user: components["schemas"]["AuthProfile"];
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        NoBody: Record<string, never>;
        RefreshSessionResponse: {
            /** @example Token refreshed */
            message: string;
        };
        RefreshSessionLegacyResponse: {
            /** @example Token refreshed */
            message: string;
        };
        CreateTokensRequest: {
            email: string;
            password: string;
            /** @description TOTP code, required when 2FA is on */
            code?: string;
        };
        CreateTokensResponse: {
            /**
             * @description JWT; send it as `Authorization: Bearer <accessToken>`
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.YWNjZXNz
             */
            accessToken: string;
            /**
             * @description JWT, valid 7 days; POST /api/auth/tokens/refresh trades it for a new pair, once
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.cmVmcmVzaA
             */
            refreshToken: string;
            /**
             * @description The access token's lifetime in seconds
             * @example 900
             */
            expiresIn: number;
        };
        RefreshTokensRequest: {
            /** @description The refresh token of the last pair this session was given; each is accepted once */
            refreshToken: string;
        };
        RefreshTokensResponse: {
            /**
             * @description JWT; send it as `Authorization: Bearer <accessToken>`
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.YWNjZXNz
             */
            accessToken: string;
            /**
             * @description JWT, valid 7 days; POST /api/auth/tokens/refresh trades it for a new pair, once
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.cmVmcmVzaA
             */
            refreshToken: string;
            /**
             * @description The access token's lifetime in seconds
             * @example 900
             */
            expiresIn: number;
        };
        LogoutResponse: {
            /** @example Logged out successfully */
            message: string;
        };
        RequestPasswordResetRequest: {
            email: string;
        };
        RequestPasswordResetResponse: {
            /** @example If an account uses this address, a link to reset its password is on its way */
            message: string;
        };
        ResetPasswordRequest: {
            /** @description the token of the mailed link (`/reset-password?token=...`) */
            token: string;
            password: string;
            /** @description the password again; must be equal to it */
            passwordConfirm: string;
        };
        ResetPasswordResponse: {
            /** @example Password reset; sign in with the new password */
            message: string;
        };
        VerifyEmailRequest: {
            /** @description the token of the mailed link (`/verify-email?token=...`) */
            token: string;
        };
        VerifyEmailResponse: {
            /** @example Email address confirmed */
            message: string;
        };
        ResendEmailVerificationResponse: {
            /** @example A new confirmation link is on its way */
            message: string;
            /** @description false when the address was confirmed already: no mail is sent */
            sent: boolean;
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60701",
         *       "email": "ann@example.com",
         *       "username": "ann",
         *       "role": "user",
         *       "wallet": {
         *         "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *         "externalAddress": null
         *       },
         *       "phone": null,
         *       "country": "DE",
         *       "twoFactorEnabled": false,
         *       "isActive": true,
         *       "emailVerified": true,
         *       "lastLogin": "2025-01-15T09:58:00.000Z",
         *       "createdAt": "2025-01-02T08:00:00.000Z",
         *       "updatedAt": "2025-01-15T09:58:00.000Z"
         *     }
         */
        User: {
            _id: string;
            email: string;
            username: string;
            role: "user" | "admin";
            wallet: {
                address: string | null;
                externalAddress: string | null;
            };
            phone: string | null;
            country: string | null;
            twoFactorEnabled: boolean;
            isActive: boolean;
            /** @description the address was confirmed with the mailed link (accounts older than the check count as confirmed) */
            emailVerified: boolean;
            /** Format: date-time */
            lastLogin: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        GetProfileResponse: {
            /** @enum {boolean} */
            success: true;
            user: components["schemas"]["User"];
        };
        UpdateProfileRequest: {
            /** @description letters and digits of any script, `_`, `.` and `-`; unique regardless of case */
            username?: string;
            /** @description a new address: unconfirmed until its mailed link is followed; the old one gets a notice */
            email?: string;
            /** @description digits, with an optional leading +, spaces, dashes and parentheses */
            phone?: string | null;
            /**
             * @description an assigned ISO 3166-1 alpha-2 code, upper case
             * @enum {string|null}
             */
            country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW" | null;
            /** @description the account’s current password: required when email changes the address (400 INVALID_CURRENT_PASSWORD when missing or wrong), ignored otherwise */
            currentPassword?: string;
        };
        UpdateProfileResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Profile updated successfully */
            message: string;
            user: components["schemas"]["User"];
        };
        UpdateProfileLegacyRequest: {
            /** @description letters and digits of any script, `_`, `.` and `-`; unique regardless of case */
            username?: string;
            /** @description a new address: unconfirmed until its mailed link is followed; the old one gets a notice */
            email?: string;
            /** @description digits, with an optional leading +, spaces, dashes and parentheses */
            phone?: string | null;
            /**
             * @description an assigned ISO 3166-1 alpha-2 code, upper case
             * @enum {string|null}
             */
            country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW" | null;
            /** @description the account’s current password: required when email changes the address (400 INVALID_CURRENT_PASSWORD when missing or wrong), ignored otherwise */
            currentPassword?: string;
        };
        UpdateProfileLegacyResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Profile updated successfully */
            message: string;
            user: components["schemas"]["User"];
        };
        ChangePasswordRequest: {
            currentPassword: string;
            newPassword: string;
        };
        ChangePasswordResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Password changed successfully */
            message: string;
        };
        ChangePasswordLegacyRequest: {
            currentPassword: string;
            newPassword: string;
        };
        ChangePasswordLegacyResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Password changed successfully */
            message: string;
        };
        ConnectWalletRequest: {
            /**
             * @description an address of a wallet the user holds elsewhere
             * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
             */
            walletAddress: string;
        };
        ConnectWalletResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Wallet connected successfully */
            message: string;
        };
        ConnectWalletLegacyRequest: {
            /**
             * @description an address of a wallet the user holds elsewhere
             * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
             */
            walletAddress: string;
        };
        ConnectWalletLegacyResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Wallet connected successfully */
            message: string;
        };
        GetMailPreferencesResponse: {
            /** @enum {boolean} */
            success: true;
            preferences: {
                /** @description receipts for payments, refunds, deposits and withdrawals */
                receipts: boolean;
                /** @description the merchant alerts this admin receives (admins only) */
                alerts?: {
                    /** @description an order paid and confirmed */
                    orderPaid: boolean;
                    /** @description a reconciliation run that found discrepancies */
                    reconciliation: boolean;
                    /** @description a webhook endpoint disabled after failing */
                    webhookDisabled: boolean;
                    /** @description the merchant wallet below MERCHANT_LOW_BALANCE_TRX */
                    lowBalance: boolean;
                };
            };
        };
        UpdateMailPreferencesRequest: {
            receipts?: boolean;
            alerts?: {
                /** @description an order paid and confirmed */
                orderPaid?: boolean;
                /** @description a reconciliation run that found discrepancies */
                reconciliation?: boolean;
                /** @description a webhook endpoint disabled after failing */
                webhookDisabled?: boolean;
                /** @description the merchant wallet below MERCHANT_LOW_BALANCE_TRX */
                lowBalance?: boolean;
            };
        };
        UpdateMailPreferencesResponse: {
            /** @enum {boolean} */
            success: true;
            preferences: {
                /** @description receipts for payments, refunds, deposits and withdrawals */
                receipts: boolean;
                /** @description the merchant alerts this admin receives (admins only) */
                alerts?: {
                    /** @description an order paid and confirmed */
                    orderPaid: boolean;
                    /** @description a reconciliation run that found discrepancies */
                    reconciliation: boolean;
                    /** @description a webhook endpoint disabled after failing */
                    webhookDisabled: boolean;
                    /** @description the merchant wallet below MERCHANT_LOW_BALANCE_TRX */
                    lowBalance: boolean;
                };
            };
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60790",
         *       "device": "Firefox on Linux",
         *       "userAgent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
         *       "ipAddress": "203.0.113.7",
         *       "createdAt": "2025-01-15T09:58:00.000Z",
         *       "lastActive": "2025-01-15T10:20:00.000Z",
         *       "isActive": true,
         *       "current": true
         *     }
         */
        Session: {
            _id: string;
            device: string;
            userAgent: string;
            ipAddress: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastActive: string;
            isActive: boolean;
            /** @description true for the session making this request */
            current: boolean;
        };
        ListSessionsResponse: {
            /** @enum {boolean} */
            success: true;
            sessions: components["schemas"]["Session"][];
        };
        RevokeSessionResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Session revoked */
            message: string;
        };
        EnableTwoFactorRequest: {
            /** @description the current password */
            password: string;
        };
        EnableTwoFactorResponse: {
            /** @enum {boolean} */
            success: true;
            /**
             * @description base32 TOTP secret
             * @example JBSWY3DPEHPK3PXP
             */
            secret: string;
            /** @example otpauth://totp/TRX%20Shop:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=TRX%20Shop */
            otpauthUrl: string;
            /**
             * @description PNG data URL of otpauthUrl
             * @example data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
             */
            qrCode: string;
        };
        VerifyTwoFactorRequest: {
            /** @description 6-digit TOTP code */
            code: string;
        };
        VerifyTwoFactorResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Two-factor authentication enabled */
            message: string;
        };
        DisableTwoFactorRequest: {
            /** @description 6-digit TOTP code */
            code: string;
            /** @description the current password */
            password: string;
        };
        DisableTwoFactorResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Two-factor authentication disabled */
            message: string;
        };
        ListAcceptedCurrenciesResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description the currencies the shop sells in (ACCEPTED_CURRENCIES), TRX first when accepted */
            currencies: ("TRX" | "USDT")[];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60718",
         *       "name": "Ledger Nano X",
         *       "description": "Hardware wallet with Bluetooth",
         *       "price": 149.5,
         *       "priceUsdt": 39.9,
         *       "category": "physical",
         *       "stock": 25,
         *       "image": "https://cdn.example.com/products/ledger-nano-x.png",
         *       "isActive": true,
         *       "createdAt": "2025-01-10T09:00:00.000Z",
         *       "updatedAt": "2025-01-12T14:30:00.000Z"
         *     }
         */
        Product: {
            _id: string;
            name: string;
            description: string;
            /** @description TRX */
            price: number;
            /** @description the price in USDT (at most 6 decimals); null: not sold in USDT */
            priceUsdt: number | null;
            /** @enum {unknown} */
            category: "digital" | "physical" | "service";
            stock: number;
            image: string;
            isActive: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * @example {
         *       "total": 42,
         *       "page": 1,
         *       "pages": 5,
         *       "limit": 10
         *     }
         */
        Pagination: {
            total: number;
            page: number;
            pages: number;
            limit: number;
        };
        ListProductsResponse: {
            /** @enum {boolean} */
            success: true;
            products: components["schemas"]["Product"][];
            pagination: components["schemas"]["Pagination"];
        };
        GetProductResponse: {
            /** @enum {boolean} */
            success: true;
            product: components["schemas"]["Product"];
        };
        ListAdminProductsResponse: {
            /** @enum {boolean} */
            success: true;
            products: components["schemas"]["Product"][];
            pagination: components["schemas"]["Pagination"];
        };
        CreateProductRequest: {
            name: string;
            description?: string;
            /** @description TRX, > 0, at most 6 decimals, at most 1,000,000 */
            price: number | string;
            /** @description USDT, > 0, at most 6 decimals, at most 1,000,000; null: not sold in USDT */
            priceUsdt?: number | null;
            /** @enum {unknown} */
            category: "digital" | "physical" | "service";
            stock?: number;
            /** @description http or https URL, or empty */
            image?: string;
            isActive?: boolean;
        };
        CreateProductResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Product created */
            message: string;
            product: components["schemas"]["Product"];
        };
        GetAdminProductResponse: {
            /** @enum {boolean} */
            success: true;
            product: components["schemas"]["Product"];
        };
        UpdateProductRequest: {
            name?: string;
            description?: string;
            /** @description TRX, > 0, at most 6 decimals, at most 1,000,000 */
            price?: number | string;
            /** @description USDT, > 0, at most 6 decimals, at most 1,000,000; null: not sold in USDT */
            priceUsdt?: number | null;
            /** @enum {unknown} */
            category?: "digital" | "physical" | "service";
            stock?: number;
            /** @description http or https URL, or empty */
            image?: string;
            isActive?: boolean;
        };
        UpdateProductResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Product updated */
            message: string;
            product: components["schemas"]["Product"];
        };
        ArchiveProductResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Product archived */
            message: string;
        };
        CreateOrderRequest: {
            products: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                productId: string;
                quantity: number;
                color?: string | null;
            }[];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60730",
         *       "orderId": "#TRX-1042",
         *       "products": [
         *         {
         *           "productId": "6760c0f4a1b2c3d4e5f60718",
         *           "name": "Ledger Nano X",
         *           "price": 149.5,
         *           "quantity": 1,
         *           "color": "black"
         *         }
         *       ],
         *       "subtotal": 149.5,
         *       "networkFee": -0.01,
         *       "discount": 0,
         *       "total": 149.49,
         *       "status": "completed",
         *       "paymentMethod": "TRC-20",
         *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *       "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
         *       "refundedAmount": 0,
         *       "refundableAmount": 149.49,
         *       "refunds": [],
         *       "createdAt": "2025-01-15T10:00:00.000Z",
         *       "updatedAt": "2025-01-15T10:02:30.000Z",
         *       "userId": "6760c0f4a1b2c3d4e5f60701"
         *     }
         */
        Order: {
            _id: string;
            /** @description #TRX-<n> */
            orderId: string;
            products: {
                productId: string;
                name: string;
                /** @description TRX */
                price: number;
                quantity: number;
                color: string | null;
            }[];
            subtotal: number;
            networkFee: number;
            discount: number;
            total: number;
            /** @enum {unknown} */
            status: "pending" | "completed" | "refunded" | "failed" | "cancelled";
            /** @enum {string} */
            paymentMethod: "TRC-20";
            transactionHash: string | null;
            walletAddress: string;
            merchantAddress: string;
            /** @description TRX given back by confirmed refunds */
            refundedAmount: number;
            /** @description TRX that may still be refunded: the confirmed payment less pending and confirmed refunds */
            refundableAmount: number;
            /** @description Every refund of the order, oldest first */
            refunds: {
                /** @description TRX */
                amount: number;
                reason: string | null;
                /** @enum {unknown} */
                status: "pending" | "confirmed" | "failed";
                txHash: string;
                /**
                 * Format: date-time
                 * @description When the refund was sent (claimed)
                 */
                createdAt: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
        };
        CreateOrderResponse: {
            /** @enum {boolean} */
            success: true;
            order: components["schemas"]["Order"];
        };
        ListOrdersResponse: {
            /** @enum {boolean} */
            success: true;
            orders: components["schemas"]["Order"][];
            pagination: components["schemas"]["Pagination"];
        };
        QuoteOrderRequest: {
            products: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                productId: string;
                quantity: number;
                color?: string | null;
            }[];
        };
        /**
         * @example {
         *       "products": [
         *         {
         *           "productId": "6760c0f4a1b2c3d4e5f60718",
         *           "name": "Ledger Nano X",
         *           "price": 149.5,
         *           "quantity": 1,
         *           "color": "black"
         *         }
         *       ],
         *       "subtotal": 149.5,
         *       "networkFee": -0.01,
         *       "discount": 0,
         *       "total": 149.49
         *     }
         */
        OrderQuote: {
            products: {
                productId: string;
                name: string;
                /** @description TRX */
                price: number;
                quantity: number;
                color: string | null;
            }[];
            /** @description TRX */
            subtotal: number;
            /** @description TRX: the -0.01 TRX reduction the shop grants every order */
            networkFee: number;
            /** @description TRX */
            discount: number;
            /** @description TRX: what the order would cost, subtotal + networkFee - discount */
            total: number;
        };
        QuoteOrderResponse: {
            /** @enum {boolean} */
            success: true;
            quote: components["schemas"]["OrderQuote"];
        };
        GetOrderResponse: {
            /** @enum {boolean} */
            success: true;
            order: components["schemas"]["Order"];
        };
        CancelOrderResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Order cancelled */
            message: string;
            order: components["schemas"]["Order"];
        };
        /**
         * @example {
         *       "hash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *       "from": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "to": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
         *       "amount": 25.5,
         *       "status": "pending"
         *     }
         */
        TransferSummary: {
            hash: string;
            from: string;
            to: string;
            amount: number;
            /** @enum {unknown} */
            status: "pending" | "confirmed" | "failed";
        };
        PayOrderResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Payment sent; awaiting confirmation */
            message: string;
            transaction: components["schemas"]["TransferSummary"];
            order: components["schemas"]["Order"];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60740",
         *       "userId": "6760c0f4a1b2c3d4e5f60701",
         *       "orderId": "6760c0f4a1b2c3d4e5f60730",
         *       "type": "purchase",
         *       "amount": 150.6,
         *       "currency": "TRX",
         *       "network": "TRC-20",
         *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *       "fromAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "toAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
         *       "status": "confirmed",
         *       "confirmations": 21,
         *       "blockNumber": 61250123,
         *       "fee": 1.1,
         *       "failureReason": null,
         *       "createdAt": "2025-01-15T10:01:00.000Z",
         *       "updatedAt": "2025-01-15T10:02:30.000Z"
         *     }
         */
        Transaction: {
            _id: string;
            userId: string;
            orderId: string | null;
            /** @enum {unknown} */
            type: "purchase" | "refund" | "deposit" | "withdrawal" | "fee";
            /** @description TRX, absolute */
            amount: number;
            /** @enum {string} */
            currency: "TRX";
            /** @enum {string} */
            network: "TRC-20";
            transactionHash: string;
            fromAddress: string;
            toAddress: string;
            /** @enum {unknown} */
            status: "pending" | "confirmed" | "failed";
            confirmations: number;
            blockNumber: number | null;
            fee: number | null;
            failureReason: ("INSUFFICIENT_BALANCE" | "EXPIRED" | "FAILED_ON_CHAIN" | "BROADCAST_REJECTED") | (never | null);
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ListTransactionsResponse: {
            /** @enum {boolean} */
            success: true;
            transactions: components["schemas"]["Transaction"][];
            pagination: components["schemas"]["Pagination"];
        };
        GetTransactionResponse: {
            /** @enum {boolean} */
            success: true;
            transaction: components["schemas"]["Transaction"];
        };
        GetWalletBalanceResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 */
            address: string;
            /** @description TRX, the wallet's confirmed (solidified) balance */
            balance: number;
            /** @description TRX sent from the wallet and not yet settled */
            pendingOutgoing: number;
            /** @description one entry per currency the service follows on the chain: TRX first, then USDT (absent when USDT_CONTRACT=off); amounts with up to 6 decimals */
            balances: {
                /**
                 * @description TRX always; USDT while the service follows a USDT contract
                 * @enum {unknown}
                 */
                currency: "TRX" | "USDT";
                /** @description the wallet's confirmed (solidified) balance in this currency */
                balance: number;
                /** @description what the service has sent from the wallet in this currency and not yet settled */
                pendingOutgoing: number;
            }[];
            /** @description TRX one USDT transfer from this wallet to the merchant wallet would burn now (energy at the node's price, plus bandwidth beyond the free allowance); null when USDT is off, no merchant wallet exists, or this is the merchant's wallet */
            usdtTransferFee: number | null;
        };
        GetFeeEstimateResponse: {
            /** @enum {boolean} */
            success: true;
            /**
             * @description payment: to the merchant wallet (no `to`); withdrawal: to `to`
             * @enum {unknown}
             */
            purpose: "payment" | "withdrawal";
            /**
             * @description the caller's custodial wallet
             * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
             */
            from: string;
            /**
             * @description the recipient the fee was estimated for
             * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
             */
            to: string;
            /** @description TRX, the amount the estimate is for */
            amount: number;
            /** @description TRX the chain will burn from the wallet for this transfer, the figure the pay and withdrawal balance checks add to the amount (their INSUFFICIENT_BALANCE `estimatedFee`) */
            estimatedFee: number;
            /**
             * @description bandwidth-covered: the wallet's bandwidth (the daily free allowance, or staked) covers the transaction, nothing burned; bandwidth-burned: it does not, every byte of the transaction is burned; account-activation: the recipient account does not exist yet, the transfer creates it and burns the creation fees (1.1 TRX on mainnet, 1 TRX with staked bandwidth)
             * @enum {unknown}
             */
            feeBasis: "bandwidth-covered" | "bandwidth-burned" | "account-activation";
            /** @description TRX, amount + estimatedFee: what the wallet must hold */
            requiredAmount: number;
            /** @description TRX, the wallet's confirmed (solidified) balance */
            balance: number;
            /** @description TRX, the balance minus what transfers in flight from the wallet already hold */
            spendable: number;
            /** @description TRX still missing for this transfer: requiredAmount - spendable, at least 0 */
            shortfall: number;
        };
        SendFromWalletRequest: {
            /**
             * @description the recipient; not the wallet’s own address
             * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
             */
            toAddress: string;
            /** @description TRX, > 0, at most 6 decimals, at most 1,000,000,000 */
            amount: number | string;
            /** @description TOTP code, required when 2FA is on */
            code?: string;
        };
        SendFromWalletResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Withdrawal sent; awaiting confirmation */
            message: string;
            transaction: components["schemas"]["TransferSummary"];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60730",
         *       "orderId": "#TRX-1042",
         *       "products": [
         *         {
         *           "productId": "6760c0f4a1b2c3d4e5f60718",
         *           "name": "Ledger Nano X",
         *           "price": 149.5,
         *           "quantity": 1,
         *           "color": "black"
         *         }
         *       ],
         *       "subtotal": 149.5,
         *       "networkFee": -0.01,
         *       "discount": 0,
         *       "total": 149.49,
         *       "status": "completed",
         *       "paymentMethod": "TRC-20",
         *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *       "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
         *       "refundedAmount": 0,
         *       "refundableAmount": 149.49,
         *       "refunds": [],
         *       "createdAt": "2025-01-15T10:00:00.000Z",
         *       "updatedAt": "2025-01-15T10:02:30.000Z",
         *       "userId": {
         *         "_id": "6760c0f4a1b2c3d4e5f60701",
         *         "username": "ann",
         *         "email": "ann@example.com"
         *       },
         *       "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
         *     }
         */
        Sale: {
            _id: string;
            /** @description #TRX-<n> */
            orderId: string;
            products: {
                productId: string;
                name: string;
                /** @description TRX */
                price: number;
                quantity: number;
                color: string | null;
            }[];
            subtotal: number;
            networkFee: number;
            discount: number;
            total: number;
            /** @enum {unknown} */
            status: "pending" | "completed" | "refunded" | "failed" | "cancelled";
            /** @enum {string} */
            paymentMethod: "TRC-20";
            transactionHash: string | null;
            walletAddress: string;
            merchantAddress: string;
            /** @description TRX given back by confirmed refunds */
            refundedAmount: number;
            /** @description TRX that may still be refunded: the confirmed payment less pending and confirmed refunds */
            refundableAmount: number;
            /** @description Every refund of the order, oldest first */
            refunds: {
                /** @description TRX */
                amount: number;
                reason: string | null;
                /** @enum {unknown} */
                status: "pending" | "confirmed" | "failed";
                txHash: string;
                /**
                 * Format: date-time
                 * @description When the refund was sent (claimed)
                 */
                createdAt: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: {
                _id: string;
                username: string;
                email: string;
            } | null;
            txHash: string | null;
        };
        ListSalesResponse: {
            /** @enum {boolean} */
            success: true;
            sales: components["schemas"]["Sale"][];
            pagination: components["schemas"]["Pagination"];
        };
        OverrideOrderStatusRequest: {
            /**
             * @description pending, completed or refunded
             * @enum {string}
             */
            status: "pending" | "completed" | "refunded";
            transactionHash?: string;
        };
        OverrideOrderStatusResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Order status updated */
            message: string;
            order: components["schemas"]["Order"];
        };
        OverrideOrderStatusLegacyRequest: {
            /**
             * @description pending, completed or refunded
             * @enum {string}
             */
            status: "pending" | "completed" | "refunded";
            transactionHash?: string;
        };
        OverrideOrderStatusLegacyResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Order status updated */
            message: string;
            order: components["schemas"]["Order"];
        };
        /** @description No body (or {}) refunds everything left of what was paid on chain */
        RefundOrderRequest: {
            /**
             * @description TRX, at most 6 decimals, > 0 and at most what is left to refund; omitted: everything left
             * @example 1.5
             */
            amount?: number | string;
            /**
             * @description Why; stored with the refund
             * @example One item arrived damaged
             */
            reason?: string;
        };
        RefundOrderResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Refund sent; awaiting confirmation */
            message: string;
            /**
             * @description 24-hex object id
             * @example 6760c0f4a1b2c3d4e5f60718
             */
            orderId: string;
            transaction: components["schemas"]["TransferSummary"];
        };
        VerifyOrderPaymentRequest: {
            /**
             * @description The txID of the TRX transfer the customer made to the merchant wallet
             * @example 4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c
             */
            txHash: string;
        };
        VerifyOrderPaymentResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Payment verified on chain; the order is completed */
            message: string;
            order: components["schemas"]["Order"];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60701",
         *       "email": "ann@example.com",
         *       "username": "ann",
         *       "role": "user",
         *       "wallet": {
         *         "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *         "externalAddress": null
         *       },
         *       "phone": null,
         *       "country": "DE",
         *       "twoFactorEnabled": false,
         *       "isActive": true,
         *       "emailVerified": true,
         *       "lastLogin": "2025-01-15T09:58:00.000Z",
         *       "createdAt": "2025-01-02T08:00:00.000Z",
         *       "updatedAt": "2025-01-15T09:58:00.000Z",
         *       "totalSpent": 259.98
         *     }
         */
        Customer: {
            _id: string;
            email: string;
            username: string;
            role: "user" | "admin";
            wallet: {
                address: string | null;
                externalAddress: string | null;
            };
            phone: string | null;
            country: string | null;
            twoFactorEnabled: boolean;
            isActive: boolean;
            /** @description the address was confirmed with the mailed link (accounts older than the check count as confirmed) */
            emailVerified: boolean;
            /** Format: date-time */
            lastLogin: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description completed minus refunded totals, TRX */
            totalSpent: number;
        };
        ListCustomersResponse: {
            /** @enum {boolean} */
            success: true;
            users: components["schemas"]["Customer"][];
            stats: {
                total: number;
                totalVolume: number;
                /**
                 * @description against the previous 30 days
                 * @example +12.5%
                 */
                totalChange: string;
                /**
                 * @description against the previous 30 days
                 * @example -3.2%
                 */
                volumeChange: string;
            };
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @example {
         *       "total": 5,
         *       "byStatus": {
         *         "pending": 1,
         *         "completed": 2,
         *         "refunded": 1,
         *         "failed": 0,
         *         "cancelled": 1
         *       },
         *       "lastOrderAt": "2025-01-15T10:30:00.000Z"
         *     }
         */
        CustomerOrders: {
            /** @description every order the customer placed, any status */
            total: number;
            /** @description one count per order status, zeros included */
            byStatus: {
                pending: number;
                completed: number;
                refunded: number;
                failed: number;
                cancelled: number;
            };
            /**
             * Format: date-time
             * @description when the newest order was placed; null: none
             */
            lastOrderAt: string | null;
        };
        GetCustomerResponse: {
            /** @enum {boolean} */
            success: true;
            customer: components["schemas"]["Customer"];
            orders: components["schemas"]["CustomerOrders"];
        };
        SetCustomerActiveRequest: {
            isActive: boolean;
        };
        SetCustomerActiveResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example User blocked */
            message: string;
            user: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                _id: string;
                /** @example alice */
                username: string;
                /** @example alice@example.com */
                email: string;
                isActive: boolean;
            };
        };
        DashboardStats: {
            /** @enum {boolean} */
            success: true;
            stats: {
                totals: {
                    totalRevenue: number;
                    totalOrders: number;
                    activeUsers: number;
                    totalUsers: number;
                    networkFees: number;
                    /** @description TRX given back by confirmed refunds, any order */
                    refunded: number;
                    /** @description totalRevenue less the confirmed partial refunds of completed orders */
                    netRevenue: number;
                };
                trends: {
                    /** @description e.g. +12.5%, -3.0%, 0.0% */
                    revenueChange: string;
                    /** @description e.g. +12.5%, -3.0%, 0.0% */
                    ordersChange: string;
                    /** @description e.g. +12.5%, -3.0%, 0.0% */
                    usersChange: string;
                    /** @description e.g. +12.5%, -3.0%, 0.0% */
                    feesChange: string;
                };
                last30Days: {
                    totalRevenue: number;
                    totalOrders: number;
                    networkFees: number;
                };
                statusCounts: {
                    pending: number;
                    completed: number;
                    refunded: number;
                    failed: number;
                    cancelled: number;
                };
            };
            recentSales: components["schemas"]["Sale"][];
            topProducts: {
                _id: string;
                name: string;
                quantitySold: number;
                revenue: number;
                /** @description e.g. +12.5%, -3.0%, 0.0% */
                trend: string;
            }[];
            /** @description 181 days, from the UTC date 180 days back to today; days without completed orders at 0 */
            chartData: {
                /** @description YYYY-MM-DD (UTC) */
                date: string;
                /** @description TRX: sum of the totals of the orders counted in `orders` */
                revenue: number;
                /** @description Orders created that UTC day whose status is now completed */
                orders: number;
            }[];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60740",
         *       "userId": "6760c0f4a1b2c3d4e5f60701",
         *       "orderId": "6760c0f4a1b2c3d4e5f60730",
         *       "type": "purchase",
         *       "amount": 150.6,
         *       "currency": "TRX",
         *       "network": "TRC-20",
         *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *       "fromAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
         *       "toAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
         *       "status": "confirmed",
         *       "confirmations": 21,
         *       "blockNumber": 61250123,
         *       "fee": 1.1,
         *       "failureReason": null,
         *       "createdAt": "2025-01-15T10:01:00.000Z",
         *       "updatedAt": "2025-01-15T10:02:30.000Z",
         *       "direction": "in",
         *       "balanceAfter": 1250.6
         *     }
         */
        LedgerMovement: {
            _id: string;
            userId: string;
            orderId: string | null;
            /** @enum {unknown} */
            type: "purchase" | "refund" | "deposit" | "withdrawal" | "fee";
            /** @description TRX, absolute */
            amount: number;
            /** @enum {string} */
            currency: "TRX";
            /** @enum {string} */
            network: "TRC-20";
            transactionHash: string;
            fromAddress: string;
            toAddress: string;
            /** @enum {unknown} */
            status: "pending" | "confirmed" | "failed";
            confirmations: number;
            blockNumber: number | null;
            fee: number | null;
            failureReason: ("INSUFFICIENT_BALANCE" | "EXPIRED" | "FAILED_ON_CHAIN" | "BROADCAST_REJECTED") | (never | null);
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            direction: "in" | "out";
            /** @description the wallet's balance right after this movement; null when it moved nothing (yet) or the node does not answer */
            balanceAfter: number | (never | null);
        };
        ListMerchantLedgerResponse: {
            /** @enum {boolean} */
            success: true;
            /**
             * @description the merchant wallet
             * @example TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW
             */
            address: string;
            /** @description what the wallet held before its first ledger line (null while the node does not answer) */
            openingBalance: number | (never | null);
            /** @description sums of the movements the filter selects; net = in - out - fees */
            totals: {
                /** @description TRX, at most 6 decimals */
                in: number;
                /** @description TRX, at most 6 decimals */
                out: number;
                /** @description TRX, at most 6 decimals */
                fees: number;
                /** @description TRX, at most 6 decimals */
                net: number;
            };
            movements: components["schemas"]["LedgerMovement"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60770",
         *       "ok": false,
         *       "startedAt": "2025-01-15T11:00:00.000Z",
         *       "finishedAt": "2025-01-15T11:00:04.000Z",
         *       "blocks": {
         *         "from": 61250000,
         *         "to": 61251200
         *       },
         *       "transfersChecked": 38,
         *       "linesChecked": 38,
         *       "allWallets": false,
         *       "walletsChecked": 12,
         *       "walletsSkipped": 0,
         *       "openingsRecorded": 0,
         *       "summary": {
         *         "discrepancies": 1,
         *         "byKind": {
         *           "missing-from-ledger": 0,
         *           "not-on-chain": 0,
         *           "failed-on-chain": 0,
         *           "mismatch": 1,
         *           "balance": 0
         *         }
         *       },
         *       "discrepancies": [
         *         {
         *           "kind": "mismatch",
         *           "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
         *           "transactionId": "6760c0f4a1b2c3d4e5f60740",
         *           "address": null,
         *           "blockNumber": 61250123,
         *           "field": "amount",
         *           "ledger": "150.6",
         *           "chain": "150.5",
         *           "detail": "the ledger and the chain disagree on the amount"
         *         }
         *       ]
         *     }
         */
        ReconciliationReport: {
            id: string;
            /** @description true when nothing was found wrong */
            ok: boolean;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            finishedAt: string;
            /** @description the blocks compared, both included */
            blocks: {
                from: number;
                to: number;
            } | null;
            transfersChecked: number;
            linesChecked: number;
            allWallets: boolean;
            walletsChecked: number;
            /** @description wallets with a transfer in flight: checked next run */
            walletsSkipped: number;
            /** @description wallets older than the scanner whose opening was taken now */
            openingsRecorded: number;
            summary: {
                discrepancies: number;
                byKind: {
                    "missing-from-ledger": number;
                    "not-on-chain": number;
                    "failed-on-chain": number;
                    mismatch: number;
                    balance: number;
                };
            };
            /** @description the first 1,000 rows */
            discrepancies: {
                /** @enum {unknown} */
                kind: "missing-from-ledger" | "not-on-chain" | "failed-on-chain" | "mismatch" | "balance";
                txHash: string | null;
                /** @description the ledger line concerned */
                transactionId: string | null;
                /** @description the held wallet concerned */
                address: string | null;
                blockNumber: number | null;
                field: ("amount" | "sender" | "recipient" | "status" | "balance") | (never | null);
                /** @description the ledger's value (amounts in TRX) */
                ledger: string | null;
                /** @description the chain's value (amounts in TRX) */
                chain: string | null;
                detail: string;
            }[];
        };
        GetReconciliationReportResponse: {
            /** @enum {boolean} */
            success: true;
            report: components["schemas"]["ReconciliationReport"];
        };
        /** @description No body: the blocks since the last run and the wallets active in them */
        RunReconciliationRequest: {
            /** @description read every held wallet’s balance, not only those active since the last run */
            allWallets?: boolean;
            /** @description compare the blocks again from this one (at the earliest the scanner’s first block) */
            fromBlock?: number;
        };
        RunReconciliationResponse: {
            /** @enum {boolean} */
            success: true;
            report: components["schemas"]["ReconciliationReport"];
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60770",
         *       "ok": false,
         *       "startedAt": "2025-01-15T11:00:00.000Z",
         *       "finishedAt": "2025-01-15T11:00:04.000Z",
         *       "blocks": {
         *         "from": 61250000,
         *         "to": 61251200
         *       },
         *       "transfersChecked": 38,
         *       "linesChecked": 38,
         *       "allWallets": false,
         *       "walletsChecked": 12,
         *       "walletsSkipped": 0,
         *       "openingsRecorded": 0,
         *       "summary": {
         *         "discrepancies": 1,
         *         "byKind": {
         *           "missing-from-ledger": 0,
         *           "not-on-chain": 0,
         *           "failed-on-chain": 0,
         *           "mismatch": 1,
         *           "balance": 0
         *         }
         *       }
         *     }
         */
        ReconciliationRunSummary: {
            id: string;
            /** @description true when nothing was found wrong */
            ok: boolean;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            finishedAt: string;
            /** @description the blocks compared, both included */
            blocks: {
                from: number;
                to: number;
            } | null;
            transfersChecked: number;
            linesChecked: number;
            allWallets: boolean;
            walletsChecked: number;
            /** @description wallets with a transfer in flight: checked next run */
            walletsSkipped: number;
            /** @description wallets older than the scanner whose opening was taken now */
            openingsRecorded: number;
            summary: {
                discrepancies: number;
                byKind: {
                    "missing-from-ledger": number;
                    "not-on-chain": number;
                    "failed-on-chain": number;
                    mismatch: number;
                    balance: number;
                };
            };
        };
        ListReconciliationRunsResponse: {
            /** @enum {boolean} */
            success: true;
            runs: components["schemas"]["ReconciliationRunSummary"][];
            pagination: components["schemas"]["Pagination"];
        };
        GetReconciliationRunResponse: {
            /** @enum {boolean} */
            success: true;
            report: components["schemas"]["ReconciliationReport"];
        };
        CreateWebhookRequest: {
            /**
             * @description http or https, without credentials; its host must not resolve to a loopback, private or link-local address
             * @example https://erp.example.com/hooks/trx-shop
             */
            url: string;
            /**
             * @description the event types to receive; empty or absent: every type
             * @example [
             *       "order.completed",
             *       "order.refunded"
             *     ]
             */
            events?: ("order.created" | "order.cancelled" | "order.status_overridden" | "payment.sent" | "payment.confirmed" | "payment.failed" | "order.completed" | "refund.sent" | "refund.confirmed" | "refund.failed" | "order.refunded" | "deposit.received" | "fee.recorded" | "withdrawal.sent" | "withdrawal.confirmed" | "withdrawal.failed" | "customer.blocked" | "customer.unblocked" | "product.created" | "product.updated" | "product.archived" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "webhook.disabled" | "keys.rotated" | "api_key.created" | "api_key.revoked" | "admin.created" | "customers.exported" | "reconciliation.completed" | "reconciliation.failed" | "user.two_factor_enabled" | "user.two_factor_disabled" | "user.password_changed" | "user.signed_in_new_device" | "user.password_reset" | "mail.test_requested" | "mail.retried" | "merchant.balance_low" | "merchant.balance_recovered")[];
            description?: string;
            /** @description enabling again clears the reason the service disabled it */
            enabled?: boolean;
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60750",
         *       "url": "https://erp.example.com/hooks/trx-shop",
         *       "description": "ERP order sync",
         *       "events": [
         *         "order.completed",
         *         "order.refunded"
         *       ],
         *       "enabled": true,
         *       "disabledReason": null,
         *       "failingSince": null,
         *       "previousSecretExpiresAt": null,
         *       "createdAt": "2025-01-10T09:00:00.000Z",
         *       "updatedAt": "2025-01-10T09:00:00.000Z"
         *     }
         */
        Webhook: {
            /**
             * @description 24-hex object id
             * @example 6760c0f4a1b2c3d4e5f60718
             */
            _id: string;
            url: string;
            description: string;
            /** @description the event types it receives; empty: every type */
            events: string[];
            enabled: boolean;
            /** @description why the service disabled it (it kept failing); null otherwise */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description when its current run of failed attempts began
             */
            failingSince: string | null;
            /**
             * Format: date-time
             * @description until when the secret before the last rotation still signs deliveries too
             */
            previousSecretExpiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CreateWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
            /**
             * @description the signing secret (whsec_...): shown only in this answer; verify each delivery with it (docs/api.md, "Webhooks")
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84=
             */
            secret: string;
        };
        ListWebhooksResponse: {
            /** @enum {boolean} */
            success: true;
            webhooks: components["schemas"]["Webhook"][];
        };
        GetWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
        };
        UpdateWebhookRequest: {
            /**
             * @description http or https, without credentials; its host must not resolve to a loopback, private or link-local address
             * @example https://erp.example.com/hooks/trx-shop
             */
            url?: string;
            /**
             * @description the event types to receive; empty or absent: every type
             * @example [
             *       "order.completed",
             *       "order.refunded"
             *     ]
             */
            events?: ("order.created" | "order.cancelled" | "order.status_overridden" | "payment.sent" | "payment.confirmed" | "payment.failed" | "order.completed" | "refund.sent" | "refund.confirmed" | "refund.failed" | "order.refunded" | "deposit.received" | "fee.recorded" | "withdrawal.sent" | "withdrawal.confirmed" | "withdrawal.failed" | "customer.blocked" | "customer.unblocked" | "product.created" | "product.updated" | "product.archived" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "webhook.disabled" | "keys.rotated" | "api_key.created" | "api_key.revoked" | "admin.created" | "customers.exported" | "reconciliation.completed" | "reconciliation.failed" | "user.two_factor_enabled" | "user.two_factor_disabled" | "user.password_changed" | "user.signed_in_new_device" | "user.password_reset" | "mail.test_requested" | "mail.retried" | "merchant.balance_low" | "merchant.balance_recovered")[];
            description?: string;
            /** @description enabling again clears the reason the service disabled it */
            enabled?: boolean;
        };
        UpdateWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
        };
        DeleteWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example Webhook deleted */
            message: string;
        };
        RotateWebhookSecretResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
            /**
             * @description the signing secret (whsec_...): shown only in this answer; verify each delivery with it (docs/api.md, "Webhooks")
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84=
             */
            secret: string;
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60760",
         *       "eventId": "6760c0f4a1b2c3d4e5f60761",
         *       "eventType": "order.completed",
         *       "sequence": 42,
         *       "status": "succeeded",
         *       "attempts": [
         *         {
         *           "attempt": 1,
         *           "at": "2025-01-15T10:02:31.000Z",
         *           "statusCode": 200,
         *           "latencyMs": 87,
         *           "response": "{\"received\":true}",
         *           "error": null
         *         }
         *       ],
         *       "nextAttemptAt": null,
         *       "createdAt": "2025-01-15T10:02:30.000Z"
         *     }
         */
        WebhookDelivery: {
            /**
             * @description 24-hex object id
             * @example 6760c0f4a1b2c3d4e5f60718
             */
            _id: string;
            /** @description the webhook-id header: the same on every attempt */
            eventId: string;
            eventType: string;
            sequence: number;
            status: "pending" | "succeeded" | "failed";
            attempts: {
                attempt: number;
                /** Format: date-time */
                at: string;
                /** @description the receiver's HTTP status; null without an answer */
                statusCode: number | null;
                latencyMs: number;
                /** @description the first 1 KB of the response body */
                response: string;
                /** @description why no answer came (refused, reset, timed out, not allowed) */
                error: string | null;
            }[];
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        PingWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            delivery: components["schemas"]["WebhookDelivery"];
        };
        ListWebhookDeliveriesResponse: {
            /** @enum {boolean} */
            success: true;
            deliveries: components["schemas"]["WebhookDelivery"][];
            pagination: components["schemas"]["Pagination"];
        };
        RedeliverWebhookDeliveryResponse: {
            /** @enum {boolean} */
            success: true;
            delivery: components["schemas"]["WebhookDelivery"];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f607a0",
         *       "at": "2025-01-15T10:30:00.000Z",
         *       "actor": {
         *         "kind": "admin",
         *         "id": "6760c0f4a1b2c3d4e5f60702",
         *         "sessionId": "6760c0f4a1b2c3d4e5f60791",
         *         "label": "admin@example.com",
         *         "address": "203.0.113.7"
         *       },
         *       "action": "order.status_overridden",
         *       "target": {
         *         "type": "order",
         *         "id": "6760c0f4a1b2c3d4e5f60730"
         *       },
         *       "before": {
         *         "status": "pending"
         *       },
         *       "after": {
         *         "status": "completed",
         *         "transactionHash": null
         *       }
         *     }
         */
        AuditEntry: {
            /** @description the logged event id */
            _id: string;
            /** Format: date-time */
            at: string;
            actor: {
                kind: "admin" | "cli";
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string | null;
                /** @description the session the admin acted from */
                sessionId: string | null;
                /** @description the admin's email at the time, or the command */
                label: string;
                /** @description where from: the request's client address, or <OS user>@<host> for a command; null on older entries */
                address: string | null;
            };
            /** @description the event type, e.g. order.status_overridden */
            action: string;
            target: {
                /** @enum {unknown} */
                type: "order" | "customer" | "product" | "webhook" | "api-key" | "admin" | "service";
                id: string | null;
            };
            before: {
                [key: string]: unknown;
            } | null;
            after: {
                [key: string]: unknown;
            } | null;
        };
        ListAuditEntriesResponse: {
            /** @enum {boolean} */
            success: true;
            entries: components["schemas"]["AuditEntry"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f607a1",
         *       "sequence": 1042,
         *       "at": "2025-01-15T10:30:00.000Z",
         *       "type": "order.status_overridden",
         *       "actor": {
         *         "kind": "admin",
         *         "id": "6760c0f4a1b2c3d4e5f60702",
         *         "sessionId": "6760c0f4a1b2c3d4e5f60791",
         *         "label": "admin@example.com",
         *         "address": "203.0.113.7"
         *       },
         *       "data": {
         *         "orderId": "6760c0f4a1b2c3d4e5f60730",
         *         "from": "pending",
         *         "to": "completed"
         *       }
         *     }
         */
        OrderHistoryEntry: {
            _id: string;
            sequence: number;
            /** Format: date-time */
            at: string;
            type: string;
            actor: {
                kind: "admin" | "cli";
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string | null;
                /** @description the session the admin acted from */
                sessionId: string | null;
                /** @description the admin's email at the time, or the command */
                label: string;
                /** @description where from: the request's client address, or <OS user>@<host> for a command; null on older entries */
                address: string | null;
            } | null;
            data: {
                [key: string]: unknown;
            };
        };
        GetOrderHistoryResponse: {
            /** @enum {boolean} */
            success: true;
            history: components["schemas"]["OrderHistoryEntry"][];
        };
        CreateApiKeyRequest: {
            /** @example Warehouse sync */
            name: string;
            /**
             * @example [
             *       "orders:read"
             *     ]
             */
            scopes: ("orders:read" | "orders:write" | "refunds:write" | "products:write" | "customers:read" | "stats:read" | "ledger:read" | "webhooks:write" | "mail:read" | "mail:write")[];
            /**
             * Format: date-time
             * @description in the future; absent: never expires
             */
            expiresAt?: string;
        };
        /**
         * @example {
         *       "_id": "6760c0f4a1b2c3d4e5f60720",
         *       "name": "Warehouse sync",
         *       "prefix": "trx_sk_4fQ9xK",
         *       "scopes": [
         *         "orders:read"
         *       ],
         *       "createdBy": "6760c0f4a1b2c3d4e5f60701",
         *       "createdAt": "2025-01-15T10:00:00.000Z",
         *       "expiresAt": null,
         *       "revokedAt": null,
         *       "lastUsedAt": "2025-01-16T08:42:00.000Z"
         *     }
         */
        ApiKey: {
            /**
             * @description 24-hex object id
             * @example 6760c0f4a1b2c3d4e5f60718
             */
            _id: string;
            name: string;
            /** @description the first characters of the key, to tell keys apart */
            prefix: string;
            scopes: ("orders:read" | "orders:write" | "refunds:write" | "products:write" | "customers:read" | "stats:read" | "ledger:read" | "webhooks:write" | "mail:read" | "mail:write")[];
            /**
             * @description 24-hex object id
             * @example 6760c0f4a1b2c3d4e5f60718
             */
            createdBy: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            revokedAt: string | null;
            /**
             * Format: date-time
             * @description to the minute
             */
            lastUsedAt: string | null;
        };
        CreateApiKeyResponse: {
            /** @enum {boolean} */
            success: true;
            apiKey: components["schemas"]["ApiKey"];
            /**
             * @description trx_sk_...: send it as X-API-Key or a Bearer token; shown only here
             * @example trx_sk_4fQ9xK2mWb7Zt0LpR3vN8cYs1dHe6uJq5aGiTkXoBwE
             */
            key: string;
        };
        ListApiKeysResponse: {
            /** @enum {boolean} */
            success: true;
            apiKeys: components["schemas"]["ApiKey"][];
        };
        RevokeApiKeyResponse: {
            /** @enum {boolean} */
            success: true;
            apiKey: components["schemas"]["ApiKey"];
        };
        /**
         * @example {
         *       "id": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
         *       "template": "test",
         *       "to": "owner@shop.example",
         *       "status": "sent",
         *       "attempts": [
         *         {
         *           "attempt": 1,
         *           "at": "2025-01-10T09:00:00.050Z",
         *           "latencyMs": 120,
         *           "error": "451 Try again later"
         *         },
         *         {
         *           "attempt": 2,
         *           "at": "2025-01-10T09:01:00.050Z",
         *           "latencyMs": 95,
         *           "error": null
         *         }
         *       ],
         *       "nextAttemptAt": null,
         *       "createdAt": "2025-01-10T09:00:00.000Z",
         *       "sentAt": "2025-01-10T09:01:00.145Z"
         *     }
         */
        MailMessage: {
            /**
             * @description the message id, as the delivery log lists it (its Message-ID is made from it)
             * @example 6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700
             */
            id: string;
            /** @enum {unknown} */
            template: "password-reset" | "email-verification" | "password-changed" | "email-changed" | "two-factor-enabled" | "two-factor-disabled" | "new-device-sign-in" | "order-paid" | "refund-confirmed" | "deposit-received" | "withdrawal-confirmed" | "withdrawal-failed" | "merchant-order-paid" | "merchant-reconciliation" | "merchant-webhook-disabled" | "merchant-low-balance" | "test";
            /** @description the address it was queued for */
            to: string;
            /** @enum {unknown} */
            status: "pending" | "sent" | "failed";
            /** @description every attempt, oldest first, across retries */
            attempts: {
                attempt: number;
                /** Format: date-time */
                at: string;
                latencyMs: number;
                /** @description why it was not accepted (the server's reply or the network error); null: accepted */
                error: string | null;
            }[];
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            sentAt: string | null;
        };
        ListMailMessagesResponse: {
            /** @enum {boolean} */
            success: true;
            /**
             * @description smtp: sent to SMTP_URL; mailbox: kept in the local mailbox; held: kept queued
             * @enum {unknown}
             */
            delivery: "smtp" | "mailbox" | "held";
            messages: components["schemas"]["MailMessage"][];
            pagination: components["schemas"]["Pagination"];
        };
        RetryMailMessageResponse: {
            /** @enum {boolean} */
            success: true;
            message: components["schemas"]["MailMessage"];
        };
        SendTestMailResponse: {
            /** @enum {boolean} */
            success: true;
            message: components["schemas"]["MailMessage"];
        };
        /**
         * @example {
         *       "messageId": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
         *       "to": "owner@shop.example",
         *       "subject": "TRX Shop: Test email",
         *       "text": "This is a test email from TRX Shop...",
         *       "html": "<!doctype html><html>...</html>",
         *       "deliveredAt": "2025-01-10T09:00:00.100Z"
         *     }
         */
        MailboxEntry: {
            /**
             * @description the message id, as the delivery log lists it (its Message-ID is made from it)
             * @example 6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700
             */
            messageId: string;
            to: string;
            subject: string;
            /** @description the text/plain part */
            text: string;
            /** @description the text/html part (user-provided text in it is escaped) */
            html: string;
            /** Format: date-time */
            deliveredAt: string;
        };
        ListMailboxResponse: {
            /** @enum {boolean} */
            success: true;
            mails: components["schemas"]["MailboxEntry"][];
            pagination: components["schemas"]["Pagination"];
        };
        GetMailboxMailResponse: {
            /** @enum {boolean} */
            success: true;
            mail: components["schemas"]["MailboxEntry"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["GetLivenessResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "store": true,
                     *       "chain": true,
                     *       "scannerLagBlocks": 0,
                     *       "eventLag": 0,
                     *       "outboxBacklog": 0,
                     *       "reasons": [
                     *         "the TRON node does not answer"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetReadinessResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ready" | "not-ready";
                        store: boolean;
                        chain: boolean;
                        scannerLagBlocks: number | null;
                        /** @description logged events this instance has not delivered to its sockets yet */
                        eventLag: number | null;
                        /** @description events waiting for the relay (counted up to the bound + 1) */
                        outboxBacklog: number | null;
                        /** @description why not ready; empty when ready */
                        reasons: string[];
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "store": true,
                     *       "chain": true,
                     *       "scannerLagBlocks": 0
                     *     }
                     */
                    "application/json": components["schemas"]["GetHealthResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ok" | "degraded";
                        /** @description the database answers */
                        store: boolean;
                        /** @description the TRON node answers */
                        chain: boolean;
                        /** @description solidified blocks the deposit scanner has yet to read; null before its first run or while the store or node does not answer */
                        scannerLagBlocks: number | null;
                    };
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "username": "ann",
                 *       "password": "correct horse battery staple",
                 *       "passwordConfirm": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "User registered successfully",
                     *       "user": {
                     *         "id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": {
                     *           "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "balance": 0
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RegisterResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: EMAIL_TAKEN, USERNAME_TAKEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "password": "correct horse battery staple",
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Login successful",
                     *       "user": {
                     *         "id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INVALID_CREDENTIALS, INVALID_TWO_FACTOR_CODE, TWO_FACTOR_REQUIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "createdAt": "2025-01-02T08:00:00.000Z",
                     *         "lastLogin": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetCurrentUserResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Token refreshed"
                     *     }
                     */
                    "application/json": components["schemas"]["RefreshSessionResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshSessionLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Token refreshed"
                     *     }
                     */
                    "application/json": components["schemas"]["RefreshSessionLegacyResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "password": "correct horse battery staple",
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTokensRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.YWNjZXNz",
                     *       "refreshToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.cmVmcmVzaA",
                     *       "expiresIn": 900
                     *     }
                     */
                    "application/json": components["schemas"]["CreateTokensResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INVALID_CREDENTIALS, INVALID_TWO_FACTOR_CODE, TWO_FACTOR_REQUIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MTgifQ.c2lnbmF0dXJl"
                 *     }
                 */
                "application/json": components["schemas"]["RefreshTokensRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.YWNjZXNz",
                     *       "refreshToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.cmVmcmVzaA",
                     *       "expiresIn": 900
                     *     }
                     */
                    "application/json": components["schemas"]["RefreshTokensResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Logged out successfully"
                     *     }
                     */
                    "application/json": components["schemas"]["LogoutResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["RequestPasswordResetRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "If an account uses this address, a link to reset its password is on its way"
                     *     }
                     */
                    "application/json": components["schemas"]["RequestPasswordResetResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU",
                 *       "password": "correct horse battery staple",
                 *       "passwordConfirm": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Password reset; sign in with the new password"
                     *     }
                     */
                    "application/json": components["schemas"]["ResetPasswordResponse"];
                };
            };
            /** @description One of: INVALID_RESET_TOKEN, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyEmailRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Email address confirmed"
                     *     }
                     */
                    "application/json": components["schemas"]["VerifyEmailResponse"];
                };
            };
            /** @description One of: INVALID_VERIFICATION_TOKEN, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "A new confirmation link is on its way",
                     *       "sent": true
                     *     }
                     */
                    "application/json": components["schemas"]["ResendEmailVerificationResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "user": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": {
                     *           "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "externalAddress": null
                     *         },
                     *         "phone": null,
                     *         "country": "DE",
                     *         "twoFactorEnabled": false,
                     *         "isActive": true,
                     *         "emailVerified": true,
                     *         "lastLogin": "2025-01-15T09:58:00.000Z",
                     *         "createdAt": "2025-01-02T08:00:00.000Z",
                     *         "updatedAt": "2025-01-15T09:58:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetProfileResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProfileRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Profile updated successfully",
                     *       "user": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": {
                     *           "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "externalAddress": null
                     *         },
                     *         "phone": null,
                     *         "country": "DE",
                     *         "twoFactorEnabled": false,
                     *         "isActive": true,
                     *         "emailVerified": true,
                     *         "lastLogin": "2025-01-15T09:58:00.000Z",
                     *         "createdAt": "2025-01-02T08:00:00.000Z",
                     *         "updatedAt": "2025-01-15T09:58:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateProfileResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: EMAIL_TAKEN, USERNAME_TAKEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProfileLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProfileLegacyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Profile updated successfully",
                     *       "user": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": {
                     *           "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "externalAddress": null
                     *         },
                     *         "phone": null,
                     *         "country": "DE",
                     *         "twoFactorEnabled": false,
                     *         "isActive": true,
                     *         "emailVerified": true,
                     *         "lastLogin": "2025-01-15T09:58:00.000Z",
                     *         "createdAt": "2025-01-02T08:00:00.000Z",
                     *         "updatedAt": "2025-01-15T09:58:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateProfileLegacyResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: EMAIL_TAKEN, USERNAME_TAKEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "correct horse battery staple",
                 *       "newPassword": "purple monkey dishwasher"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePasswordRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Password changed successfully"
                     *     }
                     */
                    "application/json": components["schemas"]["ChangePasswordResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePasswordLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "correct horse battery staple",
                 *       "newPassword": "purple monkey dishwasher"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePasswordLegacyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Password changed successfully"
                     *     }
                     */
                    "application/json": components["schemas"]["ChangePasswordLegacyResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    connectWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"
                 *     }
                 */
                "application/json": components["schemas"]["ConnectWalletRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Wallet connected successfully"
                     *     }
                     */
                    "application/json": components["schemas"]["ConnectWalletResponse"];
                };
            };
            /** @description One of: INVALID_ADDRESS, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    connectWalletLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"
                 *     }
                 */
                "application/json": components["schemas"]["ConnectWalletLegacyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Wallet connected successfully"
                     *     }
                     */
                    "application/json": components["schemas"]["ConnectWalletLegacyResponse"];
                };
            };
            /** @description One of: INVALID_ADDRESS, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMailPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "preferences": {
                     *         "receipts": true,
                     *         "alerts": {
                     *           "orderPaid": false,
                     *           "reconciliation": true,
                     *           "webhookDisabled": true,
                     *           "lowBalance": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetMailPreferencesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMailPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMailPreferencesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "preferences": {
                     *         "receipts": true,
                     *         "alerts": {
                     *           "orderPaid": false,
                     *           "reconciliation": true,
                     *           "webhookDisabled": true,
                     *           "lowBalance": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateMailPreferencesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sessions": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60790",
                     *           "device": "Firefox on Linux",
                     *           "userAgent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
                     *           "ipAddress": "203.0.113.7",
                     *           "createdAt": "2025-01-15T09:58:00.000Z",
                     *           "lastActive": "2025-01-15T10:20:00.000Z",
                     *           "isActive": true,
                     *           "current": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListSessionsResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Session revoked"
                     *     }
                     */
                    "application/json": components["schemas"]["RevokeSessionResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: SESSION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    enableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["EnableTwoFactorRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "secret": "JBSWY3DPEHPK3PXP",
                     *       "otpauthUrl": "otpauth://totp/TRX%20Shop:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=TRX%20Shop",
                     *       "qrCode": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
                     *     }
                     */
                    "application/json": components["schemas"]["EnableTwoFactorResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyTwoFactorRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Two-factor authentication enabled"
                     *     }
                     */
                    "application/json": components["schemas"]["VerifyTwoFactorResponse"];
                };
            };
            /** @description One of: INVALID_TWO_FACTOR_CODE, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["DisableTwoFactorRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Two-factor authentication disabled"
                     *     }
                     */
                    "application/json": components["schemas"]["DisableTwoFactorResponse"];
                };
            };
            /** @description One of: INVALID_CURRENT_PASSWORD, INVALID_TWO_FACTOR_CODE, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAcceptedCurrencies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "currencies": [
                     *         "TRX",
                     *         "USDT"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListAcceptedCurrenciesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                search?: string;
                category?: "digital" | "physical" | "service";
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "products": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60718",
                     *           "name": "Ledger Nano X",
                     *           "description": "Hardware wallet with Bluetooth",
                     *           "price": 149.5,
                     *           "priceUsdt": 39.9,
                     *           "category": "physical",
                     *           "stock": 25,
                     *           "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *           "isActive": true,
                     *           "createdAt": "2025-01-10T09:00:00.000Z",
                     *           "updatedAt": "2025-01-12T14:30:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListProductsResponse"];
                };
            };
            /** @description Not Modified: the If-None-Match names the current catalogue version; no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "product": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60718",
                     *         "name": "Ledger Nano X",
                     *         "description": "Hardware wallet with Bluetooth",
                     *         "price": 149.5,
                     *         "priceUsdt": 39.9,
                     *         "category": "physical",
                     *         "stock": 25,
                     *         "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *         "isActive": true,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-12T14:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetProductResponse"];
                };
            };
            /** @description Not Modified: the If-None-Match names the current catalogue version; no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAdminProducts: {
        parameters: {
            query?: {
                search?: string;
                category?: "digital" | "physical" | "service";
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "products": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60718",
                     *           "name": "Ledger Nano X",
                     *           "description": "Hardware wallet with Bluetooth",
                     *           "price": 149.5,
                     *           "priceUsdt": 39.9,
                     *           "category": "physical",
                     *           "stock": 25,
                     *           "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *           "isActive": true,
                     *           "createdAt": "2025-01-10T09:00:00.000Z",
                     *           "updatedAt": "2025-01-12T14:30:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListAdminProductsResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ledger Nano X",
                 *       "description": "Hardware wallet with Bluetooth",
                 *       "price": 149.5,
                 *       "priceUsdt": 39.9,
                 *       "category": "physical",
                 *       "stock": 25,
                 *       "image": "https://cdn.example.com/products/ledger-nano-x.png",
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateProductRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Product created",
                     *       "product": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60718",
                     *         "name": "Ledger Nano X",
                     *         "description": "Hardware wallet with Bluetooth",
                     *         "price": 149.5,
                     *         "priceUsdt": 39.9,
                     *         "category": "physical",
                     *         "stock": 25,
                     *         "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *         "isActive": true,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-12T14:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateProductResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "product": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60718",
                     *         "name": "Ledger Nano X",
                     *         "description": "Hardware wallet with Bluetooth",
                     *         "price": 149.5,
                     *         "priceUsdt": 39.9,
                     *         "category": "physical",
                     *         "stock": 25,
                     *         "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *         "isActive": true,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-12T14:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetAdminProductResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Product archived"
                     *     }
                     */
                    "application/json": components["schemas"]["ArchiveProductResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "price": 139.95,
                 *       "priceUsdt": 36.5,
                 *       "stock": 40
                 *     }
                 */
                "application/json": components["schemas"]["UpdateProductRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Product updated",
                     *       "product": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60718",
                     *         "name": "Ledger Nano X",
                     *         "description": "Hardware wallet with Bluetooth",
                     *         "price": 149.5,
                     *         "priceUsdt": 39.9,
                     *         "category": "physical",
                     *         "stock": 25,
                     *         "image": "https://cdn.example.com/products/ledger-nano-x.png",
                     *         "isActive": true,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-12T14:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateProductResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                status?: "pending" | "completed" | "refunded" | "failed" | "cancelled";
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "orders": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60730",
                     *           "orderId": "#TRX-1042",
                     *           "products": [
                     *             {
                     *               "productId": "6760c0f4a1b2c3d4e5f60718",
                     *               "name": "Ledger Nano X",
                     *               "price": 149.5,
                     *               "quantity": 1,
                     *               "color": "black"
                     *             }
                     *           ],
                     *           "subtotal": 149.5,
                     *           "networkFee": -0.01,
                     *           "discount": 0,
                     *           "total": 149.49,
                     *           "status": "completed",
                     *           "paymentMethod": "TRC-20",
                     *           "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *           "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *           "refundedAmount": 0,
                     *           "refundableAmount": 149.49,
                     *           "refunds": [],
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "updatedAt": "2025-01-15T10:02:30.000Z",
                     *           "userId": "6760c0f4a1b2c3d4e5f60701"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListOrdersResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "products": [
                 *         {
                 *           "productId": "6760c0f4a1b2c3d4e5f60718",
                 *           "quantity": 2,
                 *           "color": "black"
                 *         },
                 *         {
                 *           "productId": "6760c0f4a1b2c3d4e5f60719",
                 *           "quantity": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateOrderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateOrderResponse"];
                };
            };
            /** @description One of: INSUFFICIENT_STOCK, NO_WALLET, ORDER_TOTAL_TOO_LOW, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PENDING_ORDER_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MERCHANT_NOT_CONFIGURED */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    quoteOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "products": [
                 *         {
                 *           "productId": "6760c0f4a1b2c3d4e5f60718",
                 *           "quantity": 2,
                 *           "color": "black"
                 *         },
                 *         {
                 *           "productId": "6760c0f4a1b2c3d4e5f60719",
                 *           "quantity": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["QuoteOrderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "quote": {
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["QuoteOrderResponse"];
                };
            };
            /** @description One of: INSUFFICIENT_STOCK, ORDER_TOTAL_TOO_LOW, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CROSS_SITE_REQUEST */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetOrderResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Order cancelled",
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CancelOrderResponse"];
                };
            };
            /** @description One of: INVALID_ID, ORDER_NOT_PENDING, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Payment sent; awaiting confirmation",
                     *       "transaction": {
                     *         "hash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "from": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "to": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "amount": 25.5,
                     *         "status": "pending"
                     *       },
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PayOrderResponse"];
                };
            };
            /** @description One of: INSUFFICIENT_BALANCE, INSUFFICIENT_STOCK, INVALID_ID, NO_WALLET, ORDER_NOT_PENDING, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, EMAIL_NOT_VERIFIED, INSUFFICIENT_SCOPE, NOT_ORDER_OWNER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_FAILED */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                type?: "purchase" | "refund" | "deposit" | "withdrawal" | "fee";
                status?: "pending" | "confirmed" | "failed";
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactions": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60740",
                     *           "userId": "6760c0f4a1b2c3d4e5f60701",
                     *           "orderId": "6760c0f4a1b2c3d4e5f60730",
                     *           "type": "purchase",
                     *           "amount": 150.6,
                     *           "currency": "TRX",
                     *           "network": "TRC-20",
                     *           "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *           "fromAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "toAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *           "status": "confirmed",
                     *           "confirmations": 21,
                     *           "blockNumber": 61250123,
                     *           "fee": 1.1,
                     *           "failureReason": null,
                     *           "createdAt": "2025-01-15T10:01:00.000Z",
                     *           "updatedAt": "2025-01-15T10:02:30.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListTransactionsResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transaction": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60740",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701",
                     *         "orderId": "6760c0f4a1b2c3d4e5f60730",
                     *         "type": "purchase",
                     *         "amount": 150.6,
                     *         "currency": "TRX",
                     *         "network": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "fromAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "toAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "status": "confirmed",
                     *         "confirmations": 21,
                     *         "blockNumber": 61250123,
                     *         "fee": 1.1,
                     *         "failureReason": null,
                     *         "createdAt": "2025-01-15T10:01:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetTransactionResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TRANSACTION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWalletBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *       "balance": 998.9,
                     *       "pendingOutgoing": 1.24,
                     *       "balances": [
                     *         {
                     *           "currency": "TRX",
                     *           "balance": 998.9,
                     *           "pendingOutgoing": 1.24
                     *         },
                     *         {
                     *           "currency": "USDT",
                     *           "balance": 1000,
                     *           "pendingOutgoing": 0
                     *         }
                     *       ],
                     *       "usdtTransferFee": 13.0285
                     *     }
                     */
                    "application/json": components["schemas"]["GetWalletBalanceResponse"];
                };
            };
            /** @description One of: NO_WALLET, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeeEstimate: {
        parameters: {
            query: {
                /**
                 * @description a withdrawal to this address; absent: a payment to the merchant wallet
                 * @example TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7
                 */
                to?: string;
                /**
                 * @description TRX the transfer would send (an order total, a withdrawal amount)
                 * @example 24.99
                 */
                amount: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "purpose": "payment",
                     *       "from": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *       "to": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *       "amount": 24.99,
                     *       "estimatedFee": 0,
                     *       "feeBasis": "bandwidth-covered",
                     *       "requiredAmount": 24.99,
                     *       "balance": 30,
                     *       "spendable": 30,
                     *       "shortfall": 0
                     *     }
                     */
                    "application/json": components["schemas"]["GetFeeEstimateResponse"];
                };
            };
            /** @description One of: INVALID_ADDRESS, NO_WALLET, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE, MERCHANT_NOT_CONFIGURED */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendFromWallet: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "toAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                 *       "amount": 25.5,
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["SendFromWalletRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Withdrawal sent; awaiting confirmation",
                     *       "transaction": {
                     *         "hash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "from": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "to": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "amount": 25.5,
                     *         "status": "pending"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SendFromWalletResponse"];
                };
            };
            /** @description One of: INSUFFICIENT_BALANCE, INVALID_ADDRESS, INVALID_TWO_FACTOR_CODE, NO_WALLET, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, EMAIL_NOT_VERIFIED, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_FAILED */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSales: {
        parameters: {
            query?: {
                status?: "pending" | "completed" | "refunded" | "failed" | "cancelled";
                /** @description createdAt at or after this instant (ISO 8601) */
                from?: string;
                /** @description createdAt before this instant (ISO 8601) */
                to?: string;
                /**
                 * @description Part of the customer's username or email (case-insensitive, literal), or an order number (#TRX-42)
                 * @example alice
                 */
                search?: string;
                /**
                 * @description Only the orders of this user (their id, as GET /api/admin/customers/{id} takes it)
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                customer?: string;
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sales": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60730",
                     *           "orderId": "#TRX-1042",
                     *           "products": [
                     *             {
                     *               "productId": "6760c0f4a1b2c3d4e5f60718",
                     *               "name": "Ledger Nano X",
                     *               "price": 149.5,
                     *               "quantity": 1,
                     *               "color": "black"
                     *             }
                     *           ],
                     *           "subtotal": 149.5,
                     *           "networkFee": -0.01,
                     *           "discount": 0,
                     *           "total": 149.49,
                     *           "status": "completed",
                     *           "paymentMethod": "TRC-20",
                     *           "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *           "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *           "refundedAmount": 0,
                     *           "refundableAmount": 149.49,
                     *           "refunds": [],
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "updatedAt": "2025-01-15T10:02:30.000Z",
                     *           "userId": {
                     *             "_id": "6760c0f4a1b2c3d4e5f60701",
                     *             "username": "ann",
                     *             "email": "ann@example.com"
                     *           },
                     *           "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListSalesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportSales: {
        parameters: {
            query?: {
                status?: "pending" | "completed" | "refunded" | "failed" | "cancelled";
                /** @description createdAt at or after this instant (ISO 8601) */
                from?: string;
                /** @description createdAt before this instant (ISO 8601) */
                to?: string;
                /**
                 * @description Part of the customer's username or email (case-insensitive, literal), or an order number (#TRX-42)
                 * @example alice
                 */
                search?: string;
                /**
                 * @description Only the orders of this user (their id, as GET /api/admin/customers/{id} takes it)
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                customer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV file (text/csv; charset=utf-8, CRLF line ends, every cell double-quoted) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example "id","orderId","createdAt","status","customerId","customerUsername","customerEmail","products","subtotal","networkFee","total","transactionHash"
                     *     "6760c0f4a1b2c3d4e5f60730","#TRX-42","2025-01-15T10:30:00.000Z","completed","6760c0f4a1b2c3d4e5f60701","alice","alice@example.com","Premium Theme License x 2","259.98","-0.01","259.97","4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
                     */
                    "text/csv": string;
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    overrideOrderStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "completed",
                 *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
                 *     }
                 */
                "application/json": components["schemas"]["OverrideOrderStatusRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Order status updated",
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OverrideOrderStatusResponse"];
                };
            };
            /** @description One of: INVALID_ID, INVALID_STATUS, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_HAS_PAYMENT, PAYMENT_IN_PROGRESS, PENDING_ORDER_EXISTS, REFUND_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    overrideOrderStatusLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "completed",
                 *       "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
                 *     }
                 */
                "application/json": components["schemas"]["OverrideOrderStatusLegacyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Order status updated",
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OverrideOrderStatusLegacyResponse"];
                };
            };
            /** @description One of: INVALID_ID, INVALID_STATUS, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_HAS_PAYMENT, PAYMENT_IN_PROGRESS, PENDING_ORDER_EXISTS, REFUND_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body (or {}) refunds everything left of what was paid on chain */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "amount": 1.5,
                 *       "reason": "One item arrived damaged"
                 *     }
                 */
                "application/json": components["schemas"]["RefundOrderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Refund sent; awaiting confirmation",
                     *       "orderId": "6760c0f4a1b2c3d4e5f60718",
                     *       "transaction": {
                     *         "hash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "from": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "to": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "amount": 25.5,
                     *         "status": "pending"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RefundOrderResponse"];
                };
            };
            /** @description One of: INSUFFICIENT_ADMIN_BALANCE, INVALID_ID, NOTHING_TO_REFUND, ORDER_ALREADY_REFUNDED, ORDER_NOT_COMPLETED, REFUND_EXCEEDS_PAID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: REFUND_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ADMIN_WALLET_NOT_CONFIGURED, INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_FAILED */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyOrderPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyOrderPaymentRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Payment verified on chain; the order is completed",
                     *       "order": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60730",
                     *         "orderId": "#TRX-1042",
                     *         "products": [
                     *           {
                     *             "productId": "6760c0f4a1b2c3d4e5f60718",
                     *             "name": "Ledger Nano X",
                     *             "price": 149.5,
                     *             "quantity": 1,
                     *             "color": "black"
                     *           }
                     *         ],
                     *         "subtotal": 149.5,
                     *         "networkFee": -0.01,
                     *         "discount": 0,
                     *         "total": 149.49,
                     *         "status": "completed",
                     *         "paymentMethod": "TRC-20",
                     *         "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *         "walletAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *         "merchantAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *         "refundedAmount": 0,
                     *         "refundableAmount": 149.49,
                     *         "refunds": [],
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "updatedAt": "2025-01-15T10:02:30.000Z",
                     *         "userId": "6760c0f4a1b2c3d4e5f60701"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["VerifyOrderPaymentResponse"];
                };
            };
            /** @description One of: INVALID_ID, ORDER_NOT_PENDING, TX_ALREADY_LINKED, TX_AMOUNT_TOO_LOW, TX_FAILED, TX_NOT_FOUND, TX_NOT_SOLIDIFIED, TX_WRONG_RECIPIENT, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYMENT_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE, MERCHANT_NOT_CONFIGURED */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                search?: string;
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "users": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60701",
                     *           "email": "ann@example.com",
                     *           "username": "ann",
                     *           "role": "user",
                     *           "wallet": {
                     *             "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *             "externalAddress": null
                     *           },
                     *           "phone": null,
                     *           "country": "DE",
                     *           "twoFactorEnabled": false,
                     *           "isActive": true,
                     *           "emailVerified": true,
                     *           "lastLogin": "2025-01-15T09:58:00.000Z",
                     *           "createdAt": "2025-01-02T08:00:00.000Z",
                     *           "updatedAt": "2025-01-15T09:58:00.000Z",
                     *           "totalSpent": 259.98
                     *         }
                     *       ],
                     *       "stats": {
                     *         "total": 0,
                     *         "totalVolume": 0,
                     *         "totalChange": "+12.5%",
                     *         "volumeChange": "-3.2%"
                     *       },
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListCustomersResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "customer": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60701",
                     *         "email": "ann@example.com",
                     *         "username": "ann",
                     *         "role": "user",
                     *         "wallet": {
                     *           "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "externalAddress": null
                     *         },
                     *         "phone": null,
                     *         "country": "DE",
                     *         "twoFactorEnabled": false,
                     *         "isActive": true,
                     *         "emailVerified": true,
                     *         "lastLogin": "2025-01-15T09:58:00.000Z",
                     *         "createdAt": "2025-01-02T08:00:00.000Z",
                     *         "updatedAt": "2025-01-15T09:58:00.000Z",
                     *         "totalSpent": 259.98
                     *       },
                     *       "orders": {
                     *         "total": 5,
                     *         "byStatus": {
                     *           "pending": 1,
                     *           "completed": 2,
                     *           "refunded": 1,
                     *           "failed": 0,
                     *           "cancelled": 1
                     *         },
                     *         "lastOrderAt": "2025-01-15T10:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetCustomerResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setCustomerActive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isActive": false
                 *     }
                 */
                "application/json": components["schemas"]["SetCustomerActiveRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "User blocked",
                     *       "user": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60718",
                     *         "username": "alice",
                     *         "email": "alice@example.com",
                     *         "isActive": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SetCustomerActiveResponse"];
                };
            };
            /** @description One of: CANNOT_BLOCK_ADMIN, INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportCustomers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description CSV file (text/csv; charset=utf-8, CRLF line ends, every cell double-quoted) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example "id","username","email","walletAddress","totalSpent","isActive","createdAt","lastLogin"
                     *     "6760c0f4a1b2c3d4e5f60701","alice","alice@example.com","TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7","259.98","true","2025-01-15T10:00:00.000Z","2025-01-16T08:42:00.000Z"
                     */
                    "text/csv": string;
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDashboardStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "stats": {
                     *         "totals": {
                     *           "totalRevenue": 12500.75,
                     *           "totalOrders": 84,
                     *           "activeUsers": 31,
                     *           "totalUsers": 40,
                     *           "networkFees": 92.4,
                     *           "refunded": 150.6,
                     *           "netRevenue": 12350.15
                     *         },
                     *         "trends": {
                     *           "revenueChange": "+12.5%",
                     *           "ordersChange": "+8.0%",
                     *           "usersChange": "+3.2%",
                     *           "feesChange": "-1.5%"
                     *         },
                     *         "last30Days": {
                     *           "totalRevenue": 3100.2,
                     *           "totalOrders": 21,
                     *           "networkFees": 23.1
                     *         },
                     *         "statusCounts": {
                     *           "pending": 2,
                     *           "completed": 78,
                     *           "refunded": 1,
                     *           "failed": 1,
                     *           "cancelled": 2
                     *         }
                     *       },
                     *       "recentSales": [],
                     *       "topProducts": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60718",
                     *           "name": "Ledger Nano X",
                     *           "quantitySold": 18,
                     *           "revenue": 2691,
                     *           "trend": "+5.0%"
                     *         }
                     *       ],
                     *       "chartData": [
                     *         {
                     *           "date": "2025-01-15",
                     *           "revenue": 450.3,
                     *           "orders": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardStats"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportMerchantLedger: {
        parameters: {
            query?: {
                type?: "purchase" | "refund" | "deposit" | "withdrawal" | "fee";
                status?: "pending" | "confirmed" | "failed";
                /** @description createdAt at or after this instant (ISO 8601) */
                from?: string;
                /** @description createdAt before this instant (ISO 8601) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV file (text/csv; charset=utf-8, CRLF line ends, every cell double-quoted) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example "id","createdAt","type","direction","status","amount","balanceAfter","transactionHash","fromAddress","toAddress","orderId","blockNumber"
                     *     "6760c0f4a1b2c3d4e5f60740","2025-01-15T10:31:00.000Z","purchase","in","confirmed","259.97","1250.6","4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c","TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7","TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW","6760c0f4a1b2c3d4e5f60730","61250123"
                     */
                    "text/csv": string;
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MERCHANT_NOT_CONFIGURED */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMerchantLedger: {
        parameters: {
            query?: {
                type?: "purchase" | "refund" | "deposit" | "withdrawal" | "fee";
                status?: "pending" | "confirmed" | "failed";
                /** @description createdAt at or after this instant (ISO 8601) */
                from?: string;
                /** @description createdAt before this instant (ISO 8601) */
                to?: string;
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "address": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *       "openingBalance": 0,
                     *       "totals": {
                     *         "in": 0,
                     *         "out": 0,
                     *         "fees": 0,
                     *         "net": 0
                     *       },
                     *       "movements": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60740",
                     *           "userId": "6760c0f4a1b2c3d4e5f60701",
                     *           "orderId": "6760c0f4a1b2c3d4e5f60730",
                     *           "type": "purchase",
                     *           "amount": 150.6,
                     *           "currency": "TRX",
                     *           "network": "TRC-20",
                     *           "transactionHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *           "fromAddress": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
                     *           "toAddress": "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
                     *           "status": "confirmed",
                     *           "confirmations": 21,
                     *           "blockNumber": 61250123,
                     *           "fee": 1.1,
                     *           "failureReason": null,
                     *           "createdAt": "2025-01-15T10:01:00.000Z",
                     *           "updatedAt": "2025-01-15T10:02:30.000Z",
                     *           "direction": "in",
                     *           "balanceAfter": 1250.6
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListMerchantLedgerResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MERCHANT_NOT_CONFIGURED */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReconciliationReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "report": {
                     *         "id": "6760c0f4a1b2c3d4e5f60770",
                     *         "ok": false,
                     *         "startedAt": "2025-01-15T11:00:00.000Z",
                     *         "finishedAt": "2025-01-15T11:00:04.000Z",
                     *         "blocks": {
                     *           "from": 61250000,
                     *           "to": 61251200
                     *         },
                     *         "transfersChecked": 38,
                     *         "linesChecked": 38,
                     *         "allWallets": false,
                     *         "walletsChecked": 12,
                     *         "walletsSkipped": 0,
                     *         "openingsRecorded": 0,
                     *         "summary": {
                     *           "discrepancies": 1,
                     *           "byKind": {
                     *             "missing-from-ledger": 0,
                     *             "not-on-chain": 0,
                     *             "failed-on-chain": 0,
                     *             "mismatch": 1,
                     *             "balance": 0
                     *           }
                     *         },
                     *         "discrepancies": [
                     *           {
                     *             "kind": "mismatch",
                     *             "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *             "transactionId": "6760c0f4a1b2c3d4e5f60740",
                     *             "address": null,
                     *             "blockNumber": 61250123,
                     *             "field": "amount",
                     *             "ledger": "150.6",
                     *             "chain": "150.5",
                     *             "detail": "the ledger and the chain disagree on the amount"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetReconciliationReportResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RECONCILIATION_NOT_RUN */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runReconciliation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body: the blocks since the last run and the wallets active in them */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "allWallets": true,
                 *       "fromBlock": 61250000
                 *     }
                 */
                "application/json": components["schemas"]["RunReconciliationRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "report": {
                     *         "id": "6760c0f4a1b2c3d4e5f60770",
                     *         "ok": false,
                     *         "startedAt": "2025-01-15T11:00:00.000Z",
                     *         "finishedAt": "2025-01-15T11:00:04.000Z",
                     *         "blocks": {
                     *           "from": 61250000,
                     *           "to": 61251200
                     *         },
                     *         "transfersChecked": 38,
                     *         "linesChecked": 38,
                     *         "allWallets": false,
                     *         "walletsChecked": 12,
                     *         "walletsSkipped": 0,
                     *         "openingsRecorded": 0,
                     *         "summary": {
                     *           "discrepancies": 1,
                     *           "byKind": {
                     *             "missing-from-ledger": 0,
                     *             "not-on-chain": 0,
                     *             "failed-on-chain": 0,
                     *             "mismatch": 1,
                     *             "balance": 0
                     *           }
                     *         },
                     *         "discrepancies": [
                     *           {
                     *             "kind": "mismatch",
                     *             "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *             "transactionId": "6760c0f4a1b2c3d4e5f60740",
                     *             "address": null,
                     *             "blockNumber": 61250123,
                     *             "field": "amount",
                     *             "ledger": "150.6",
                     *             "chain": "150.5",
                     *             "detail": "the ledger and the chain disagree on the amount"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RunReconciliationResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RECONCILIATION_RUNNING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: CHAIN_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReconciliationRuns: {
        parameters: {
            query?: {
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "runs": [
                     *         {
                     *           "id": "6760c0f4a1b2c3d4e5f60770",
                     *           "ok": false,
                     *           "startedAt": "2025-01-15T11:00:00.000Z",
                     *           "finishedAt": "2025-01-15T11:00:04.000Z",
                     *           "blocks": {
                     *             "from": 61250000,
                     *             "to": 61251200
                     *           },
                     *           "transfersChecked": 38,
                     *           "linesChecked": 38,
                     *           "allWallets": false,
                     *           "walletsChecked": 12,
                     *           "walletsSkipped": 0,
                     *           "openingsRecorded": 0,
                     *           "summary": {
                     *             "discrepancies": 1,
                     *             "byKind": {
                     *               "missing-from-ledger": 0,
                     *               "not-on-chain": 0,
                     *               "failed-on-chain": 0,
                     *               "mismatch": 1,
                     *               "balance": 0
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListReconciliationRunsResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReconciliationRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "report": {
                     *         "id": "6760c0f4a1b2c3d4e5f60770",
                     *         "ok": false,
                     *         "startedAt": "2025-01-15T11:00:00.000Z",
                     *         "finishedAt": "2025-01-15T11:00:04.000Z",
                     *         "blocks": {
                     *           "from": 61250000,
                     *           "to": 61251200
                     *         },
                     *         "transfersChecked": 38,
                     *         "linesChecked": 38,
                     *         "allWallets": false,
                     *         "walletsChecked": 12,
                     *         "walletsSkipped": 0,
                     *         "openingsRecorded": 0,
                     *         "summary": {
                     *           "discrepancies": 1,
                     *           "byKind": {
                     *             "missing-from-ledger": 0,
                     *             "not-on-chain": 0,
                     *             "failed-on-chain": 0,
                     *             "mismatch": 1,
                     *             "balance": 0
                     *           }
                     *         },
                     *         "discrepancies": [
                     *           {
                     *             "kind": "mismatch",
                     *             "txHash": "4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c",
                     *             "transactionId": "6760c0f4a1b2c3d4e5f60740",
                     *             "address": null,
                     *             "blockNumber": 61250123,
                     *             "field": "amount",
                     *             "ledger": "150.6",
                     *             "chain": "150.5",
                     *             "detail": "the ledger and the chain disagree on the amount"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetReconciliationRunResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RECONCILIATION_RUN_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhooks": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60750",
                     *           "url": "https://erp.example.com/hooks/trx-shop",
                     *           "description": "ERP order sync",
                     *           "events": [
                     *             "order.completed",
                     *             "order.refunded"
                     *           ],
                     *           "enabled": true,
                     *           "disabledReason": null,
                     *           "failingSince": null,
                     *           "previousSecretExpiresAt": null,
                     *           "createdAt": "2025-01-10T09:00:00.000Z",
                     *           "updatedAt": "2025-01-10T09:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListWebhooksResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://erp.example.com/hooks/trx-shop",
                 *       "events": [
                 *         "order.completed",
                 *         "order.refunded"
                 *       ],
                 *       "description": "ERP order sync",
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhook": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60750",
                     *         "url": "https://erp.example.com/hooks/trx-shop",
                     *         "description": "ERP order sync",
                     *         "events": [
                     *           "order.completed",
                     *           "order.refunded"
                     *         ],
                     *         "enabled": true,
                     *         "disabledReason": null,
                     *         "failingSince": null,
                     *         "previousSecretExpiresAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-10T09:00:00.000Z"
                     *       },
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84="
                     *     }
                     */
                    "application/json": components["schemas"]["CreateWebhookResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR, WEBHOOK_URL_NOT_ALLOWED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhook": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60750",
                     *         "url": "https://erp.example.com/hooks/trx-shop",
                     *         "description": "ERP order sync",
                     *         "events": [
                     *           "order.completed",
                     *           "order.refunded"
                     *         ],
                     *         "enabled": true,
                     *         "disabledReason": null,
                     *         "failingSince": null,
                     *         "previousSecretExpiresAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-10T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetWebhookResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Webhook deleted"
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteWebhookResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "order.completed"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhook": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60750",
                     *         "url": "https://erp.example.com/hooks/trx-shop",
                     *         "description": "ERP order sync",
                     *         "events": [
                     *           "order.completed",
                     *           "order.refunded"
                     *         ],
                     *         "enabled": true,
                     *         "disabledReason": null,
                     *         "failingSince": null,
                     *         "previousSecretExpiresAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-10T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateWebhookResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR, WEBHOOK_URL_NOT_ALLOWED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhook": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60750",
                     *         "url": "https://erp.example.com/hooks/trx-shop",
                     *         "description": "ERP order sync",
                     *         "events": [
                     *           "order.completed",
                     *           "order.refunded"
                     *         ],
                     *         "enabled": true,
                     *         "disabledReason": null,
                     *         "failingSince": null,
                     *         "previousSecretExpiresAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "updatedAt": "2025-01-10T09:00:00.000Z"
                     *       },
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/oDqcxRbP84="
                     *     }
                     */
                    "application/json": components["schemas"]["RotateWebhookSecretResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "delivery": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60760",
                     *         "eventId": "6760c0f4a1b2c3d4e5f60761",
                     *         "eventType": "order.completed",
                     *         "sequence": 42,
                     *         "status": "succeeded",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2025-01-15T10:02:31.000Z",
                     *             "statusCode": 200,
                     *             "latencyMs": 87,
                     *             "response": "{\"received\":true}",
                     *             "error": null
                     *           }
                     *         ],
                     *         "nextAttemptAt": null,
                     *         "createdAt": "2025-01-15T10:02:30.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PingWebhookResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "deliveries": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60760",
                     *           "eventId": "6760c0f4a1b2c3d4e5f60761",
                     *           "eventType": "order.completed",
                     *           "sequence": 42,
                     *           "status": "succeeded",
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "at": "2025-01-15T10:02:31.000Z",
                     *               "statusCode": 200,
                     *               "latencyMs": 87,
                     *               "response": "{\"received\":true}",
                     *               "error": null
                     *             }
                     *           ],
                     *           "nextAttemptAt": null,
                     *           "createdAt": "2025-01-15T10:02:30.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListWebhookDeliveriesResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                deliveryId: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "delivery": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60760",
                     *         "eventId": "6760c0f4a1b2c3d4e5f60761",
                     *         "eventType": "order.completed",
                     *         "sequence": 42,
                     *         "status": "succeeded",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2025-01-15T10:02:31.000Z",
                     *             "statusCode": 200,
                     *             "latencyMs": 87,
                     *             "response": "{\"received\":true}",
                     *             "error": null
                     *           }
                     *         ],
                     *         "nextAttemptAt": null,
                     *         "createdAt": "2025-01-15T10:02:30.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RedeliverWebhookDeliveryResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                actor?: string;
                /** @description an event type */
                action?: "order.created" | "order.cancelled" | "order.status_overridden" | "payment.sent" | "payment.confirmed" | "payment.failed" | "order.completed" | "refund.sent" | "refund.confirmed" | "refund.failed" | "order.refunded" | "deposit.received" | "fee.recorded" | "withdrawal.sent" | "withdrawal.confirmed" | "withdrawal.failed" | "customer.blocked" | "customer.unblocked" | "product.created" | "product.updated" | "product.archived" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "webhook.disabled" | "keys.rotated" | "api_key.created" | "api_key.revoked" | "admin.created" | "customers.exported" | "reconciliation.completed" | "reconciliation.failed" | "user.two_factor_enabled" | "user.two_factor_disabled" | "user.password_changed" | "user.signed_in_new_device" | "user.password_reset" | "mail.test_requested" | "mail.retried" | "merchant.balance_low" | "merchant.balance_recovered";
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                target?: string;
                /** @description inclusive */
                from?: string;
                /** @description exclusive */
                to?: string;
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "entries": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f607a0",
                     *           "at": "2025-01-15T10:30:00.000Z",
                     *           "actor": {
                     *             "kind": "admin",
                     *             "id": "6760c0f4a1b2c3d4e5f60702",
                     *             "sessionId": "6760c0f4a1b2c3d4e5f60791",
                     *             "label": "admin@example.com",
                     *             "address": "203.0.113.7"
                     *           },
                     *           "action": "order.status_overridden",
                     *           "target": {
                     *             "type": "order",
                     *             "id": "6760c0f4a1b2c3d4e5f60730"
                     *           },
                     *           "before": {
                     *             "status": "pending"
                     *           },
                     *           "after": {
                     *             "status": "completed",
                     *             "transactionHash": null
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListAuditEntriesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "history": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f607a1",
                     *           "sequence": 1042,
                     *           "at": "2025-01-15T10:30:00.000Z",
                     *           "type": "order.status_overridden",
                     *           "actor": {
                     *             "kind": "admin",
                     *             "id": "6760c0f4a1b2c3d4e5f60702",
                     *             "sessionId": "6760c0f4a1b2c3d4e5f60791",
                     *             "label": "admin@example.com",
                     *             "address": "203.0.113.7"
                     *           },
                     *           "data": {
                     *             "orderId": "6760c0f4a1b2c3d4e5f60730",
                     *             "from": "pending",
                     *             "to": "completed"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetOrderHistoryResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ORDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "apiKeys": [
                     *         {
                     *           "_id": "6760c0f4a1b2c3d4e5f60720",
                     *           "name": "Warehouse sync",
                     *           "prefix": "trx_sk_4fQ9xK",
                     *           "scopes": [
                     *             "orders:read"
                     *           ],
                     *           "createdBy": "6760c0f4a1b2c3d4e5f60701",
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "expiresAt": null,
                     *           "revokedAt": null,
                     *           "lastUsedAt": "2025-01-16T08:42:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListApiKeysResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Warehouse sync",
                 *       "scopes": [
                 *         "orders:read"
                 *       ],
                 *       "expiresAt": "2026-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "apiKey": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60720",
                     *         "name": "Warehouse sync",
                     *         "prefix": "trx_sk_4fQ9xK",
                     *         "scopes": [
                     *           "orders:read"
                     *         ],
                     *         "createdBy": "6760c0f4a1b2c3d4e5f60701",
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "expiresAt": null,
                     *         "revokedAt": null,
                     *         "lastUsedAt": "2025-01-16T08:42:00.000Z"
                     *       },
                     *       "key": "trx_sk_4fQ9xK2mWb7Zt0LpR3vN8cYs1dHe6uJq5aGiTkXoBwE"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateApiKeyResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex object id
                 * @example 6760c0f4a1b2c3d4e5f60718
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "apiKey": {
                     *         "_id": "6760c0f4a1b2c3d4e5f60720",
                     *         "name": "Warehouse sync",
                     *         "prefix": "trx_sk_4fQ9xK",
                     *         "scopes": [
                     *           "orders:read"
                     *         ],
                     *         "createdBy": "6760c0f4a1b2c3d4e5f60701",
                     *         "createdAt": "2025-01-15T10:00:00.000Z",
                     *         "expiresAt": null,
                     *         "revokedAt": null,
                     *         "lastUsedAt": "2025-01-16T08:42:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RevokeApiKeyResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: API_KEY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMailMessages: {
        parameters: {
            query?: {
                status?: "pending" | "sent" | "failed";
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "delivery": "smtp",
                     *       "messages": [
                     *         {
                     *           "id": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
                     *           "template": "test",
                     *           "to": "owner@shop.example",
                     *           "status": "sent",
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "at": "2025-01-10T09:00:00.050Z",
                     *               "latencyMs": 120,
                     *               "error": "451 Try again later"
                     *             },
                     *             {
                     *               "attempt": 2,
                     *               "at": "2025-01-10T09:01:00.050Z",
                     *               "latencyMs": 95,
                     *               "error": null
                     *             }
                     *           ],
                     *           "nextAttemptAt": null,
                     *           "createdAt": "2025-01-10T09:00:00.000Z",
                     *           "sentAt": "2025-01-10T09:01:00.145Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListMailMessagesResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryMailMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the message id, as the delivery log lists it (its Message-ID is made from it)
                 * @example 6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": {
                     *         "id": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
                     *         "template": "test",
                     *         "to": "owner@shop.example",
                     *         "status": "sent",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2025-01-10T09:00:00.050Z",
                     *             "latencyMs": 120,
                     *             "error": "451 Try again later"
                     *           },
                     *           {
                     *             "attempt": 2,
                     *             "at": "2025-01-10T09:01:00.050Z",
                     *             "latencyMs": 95,
                     *             "error": null
                     *           }
                     *         ],
                     *         "nextAttemptAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "sentAt": "2025-01-10T09:01:00.145Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RetryMailMessageResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MAIL_MESSAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MAIL_NOT_FAILED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body is taken: send none, or {}; any field is refused */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoBody"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": {
                     *         "id": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
                     *         "template": "test",
                     *         "to": "owner@shop.example",
                     *         "status": "sent",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2025-01-10T09:00:00.050Z",
                     *             "latencyMs": 120,
                     *             "error": "451 Try again later"
                     *           },
                     *           {
                     *             "attempt": 2,
                     *             "at": "2025-01-10T09:01:00.050Z",
                     *             "latencyMs": 95,
                     *             "error": null
                     *           }
                     *         ],
                     *         "nextAttemptAt": null,
                     *         "createdAt": "2025-01-10T09:00:00.000Z",
                     *         "sentAt": "2025-01-10T09:01:00.145Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SendTestMailResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, CROSS_SITE_REQUEST, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMailbox: {
        parameters: {
            query?: {
                /**
                 * @description default 10, clamped to 1..100
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description default 1, values below 1 read as 1
                 * @example 1
                 */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "mails": [
                     *         {
                     *           "messageId": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
                     *           "to": "owner@shop.example",
                     *           "subject": "TRX Shop: Test email",
                     *           "text": "This is a test email from TRX Shop...",
                     *           "html": "<!doctype html><html>...</html>",
                     *           "deliveredAt": "2025-01-10T09:00:00.100Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "total": 42,
                     *         "page": 1,
                     *         "pages": 5,
                     *         "limit": 10
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ListMailboxResponse"];
                };
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MAILBOX_NOT_IN_USE */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMailboxMail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the message id, as the delivery log lists it (its Message-ID is made from it)
                 * @example 6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700
                 */
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "mail": {
                     *         "messageId": "6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700",
                     *         "to": "owner@shop.example",
                     *         "subject": "TRX Shop: Test email",
                     *         "text": "This is a test email from TRX Shop...",
                     *         "html": "<!doctype html><html>...</html>",
                     *         "deliveredAt": "2025-01-10T09:00:00.100Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetMailboxMailResponse"];
                };
            };
            /** @description One of: INVALID_ID, VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: TOKEN_EXPIRED, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: ACCOUNT_BLOCKED, FORBIDDEN, INSUFFICIENT_SCOPE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: MAILBOX_NOT_IN_USE, MAIL_MESSAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openWebSocket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching Protocols: the WebSocket is open (closed with 4401 when unauthenticated) */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description One of: VALIDATION_ERROR */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: UPGRADE_REQUIRED */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of: INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
