// The geotext routes of SPEC 2, with the room and the phone the link was sent to carried in the
// query: the answer must repeat the phone number (SPEC 7) and a reload must keep both.

export interface GeotextLink {
  roomId: string;
  phoneNumber: string;
}

function withPhone(path: string, phoneNumber: string): string {
  return `${path}?${new URLSearchParams({ phoneNumber }).toString()}`;
}

export const geotextPaths = {
  permission: ({ roomId, phoneNumber }: GeotextLink) =>
    withPhone(`/geotext/permission/${encodeURIComponent(roomId)}`, phoneNumber),
  map: ({ roomId, phoneNumber }: GeotextLink) =>
    withPhone(`/geotext/map/${encodeURIComponent(roomId)}`, phoneNumber),
  locationError: ({ roomId, phoneNumber }: GeotextLink) =>
    `/geotext/error/location?${new URLSearchParams({ roomId, phoneNumber }).toString()}`,
  roomError: '/geotext/error/roomid',
  confirmation: '/geotext/confirmation',
};

/** The phone number of the current page's query (digits only), '' when absent. */
export function phoneOfQuery(search: string): string {
  return (new URLSearchParams(search).get('phoneNumber') ?? '').replace(/\D/g, '');
}
