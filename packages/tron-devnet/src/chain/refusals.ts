/** `api.Return.response_code` values the devnet answers with. */
export type ResponseCode =
  | 'SIGERROR'
  | 'CONTRACT_VALIDATE_ERROR'
  | 'BANDWITH_ERROR'
  | 'DUP_TRANSACTION_ERROR'
  | 'TAPOS_ERROR'
  | 'TRANSACTION_EXPIRATION_ERROR'
  | 'OTHER_ERROR';

export interface Refusal {
  readonly code: ResponseCode;
  /** UTF-8 text; the HTTP layer hex-encodes it as java-tron does with `visible=false`. */
  readonly message: string;
}

/** Message texts exactly as `Wallet.broadcastTransaction` builds them. */
export const refuse = {
  contractValidation: (detail: string): Refusal => ({
    code: 'CONTRACT_VALIDATE_ERROR',
    message: `Contract validate error : ${detail}`,
  }),
  noContract: (): Refusal => ({ code: 'CONTRACT_VALIDATE_ERROR', message: 'No contract!' }),
  signature: (detail: string): Refusal => ({
    code: 'SIGERROR',
    message: `Validate signature error: ${detail}`,
  }),
  bandwidth: (): Refusal => ({ code: 'BANDWITH_ERROR', message: 'Account resource insufficient error.' }),
  duplicate: (): Refusal => ({ code: 'DUP_TRANSACTION_ERROR', message: 'Dup transaction.' }),
  tapos: (): Refusal => ({ code: 'TAPOS_ERROR', message: 'Tapos check error.' }),
  expired: (): Refusal => ({ code: 'TRANSACTION_EXPIRATION_ERROR', message: 'Transaction expired' }),
  other: (detail: string): Refusal => ({ code: 'OTHER_ERROR', message: `Error: ${detail}` }),
};
