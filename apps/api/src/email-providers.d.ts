// npm `email-providers` ships its list without types: the default export is the domains.
declare module 'email-providers' {
  const domains: readonly string[];
  export default domains;
}
