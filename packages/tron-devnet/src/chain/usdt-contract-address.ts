/**
 * Where the devnet's emulated Tether USD (TRC-20) lives from genesis: the low 20 bytes of
 * keccak256("trx-shop devnet Tether USD") behind 0x41, fixed so a restarted devnet and the service
 * configured for it agree without asking.
 */
export const DEVNET_USDT_CONTRACT_HEX = '413759ec75f4686a8266723a22cb4f7dbb856dbc21';
export const DEVNET_USDT_CONTRACT = 'TF1stcgw8U5tdwwizDbYrLQNAkY4nuHGjo';
