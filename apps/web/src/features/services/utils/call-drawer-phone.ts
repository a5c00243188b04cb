// Decision 273.

/** The number the drawer calls: the account's service coordination, its phone, then Help's. */
export function callDrawerPhone(input: {
  account: { serviceCoordinationPhone: string; phone: string } | undefined;
  helpPhone: string | null;
}): string | null {
  const { account } = input;
  return account?.serviceCoordinationPhone || account?.phone || input.helpPhone;
}
