// The payout's wording lives in the contract, shared with the API's mails and link pictures.
export * from '@trustlinks/contract/payout';
