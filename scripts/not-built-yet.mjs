// The HTTP service arrives with the app issue; until then `pnpm start` says so instead of failing obscurely.
console.error('TRX Shop: the HTTP service is not built yet. Run `pnpm test` to exercise what exists.');
process.exit(1);
