import type { Brand } from '../brand.ts';
import type { Branch } from '../enumerations.ts';

// SPEC 2 "Help dialog: a phone-call option always; a chat (link) option hidden for the brands mmm,
// mmm-empleados, vanti and asc" (brand flag hideChat, ARCHITECTURE decision 6). SPEC 1: help phone and
// chat numbers are "per brand and country".

export interface HelpContacts {
  /** E.164 number to call; null only when the brand lists no phone at all. */
  phone: string | null;
  /** Chat link; null when the brand hides chat or has none for the country. */
  chatUrl: string | null;
}

/**
 * The help phone and chat of a brand in a branch. The account's branch comes first; a brand without a
 * number there answers with its home country's, then with any number it has (decision 171).
 */
export function helpContacts(
  brand: Pick<Brand, 'country' | 'help' | 'hideChat'>,
  branch: Branch | null,
): HelpContacts {
  const phones = brand.help.phones;
  const phone =
    (branch ? phones[branch] : undefined) ??
    phones[brand.country] ??
    Object.values(phones)[0] ??
    null;
  const chats = brand.help.chats;
  const chatUrl = brand.hideChat
    ? null
    : ((branch ? chats[branch] : undefined) ?? chats[brand.country] ?? null);
  return { phone, chatUrl };
}

/** `tel:` link of an E.164 number. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
