// The product's number wording lives in the contract, shared with the API's texts and pictures.
export * from '@trustlinks/contract/format-number';
