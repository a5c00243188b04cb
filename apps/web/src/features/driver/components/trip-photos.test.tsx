import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { createDriverApi } from '../api/driver-api.ts';
import { TripPhotos } from './trip-photos.tsx';

// The driver's optional photos of the trip (decision 761): "Tomar foto" opens the camera, the photo
// is sent in the background (upload URL, PUT, record) with its state on its thumbnail, and the
// trip's recorded photos show as thumbnails. The API (fetch) and the PUT (XMLHttpRequest) are
// stand-ins at the network boundary.

const SERVICE_ID = 'service-1';
const PHOTOS_PATH = `/common/api/v1/driver-app/services/${SERVICE_ID}/photos`;
const RECORDED_AT = '2026-05-01T10:00:00.000Z';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function photoOf(photoId: string) {
  return {
    photoId,
    contentType: 'image/jpeg',
    size: 5,
    recordedAt: RECORDED_AT,
    signedUrl: `http://app.test/storage/objects/${photoId}.jpeg?signature=s`,
    expiresAt: '2099-01-01T00:00:00.000Z',
  };
}

/** The driver app API: the trip's photos, then `uploadStatus` for every upload URL asked. */
function fakeApi(listed: string[], uploadStatus = 200): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init?.method ?? 'GET', path, body });
      const answer = (status: number, payload: unknown) =>
        Promise.resolve(new Response(JSON.stringify(payload), { status }));
      if (path === `${PHOTOS_PATH}/upload-url`) {
        if (uploadStatus !== 200) {
          return answer(uploadStatus, { code: 'PAYLOAD_TOO_LARGE', message: 'too large' });
        }
        return answer(200, {
          signedUrl: 'http://app.test/storage/objects/put?signature=s',
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg' },
          url: 'http://app.test/storage/objects/put',
          expiresAt: '2099-01-01T00:00:00.000Z',
        });
      }
      if (path === PHOTOS_PATH && init?.method === 'POST') {
        return answer(200, photoOf((body as { photoId: string }).photoId));
      }
      return answer(200, { photos: listed.map(photoOf) });
    }),
  );
  return calls;
}

/** A PUT that stores the bytes as soon as they are sent. */
class StoringUpload {
  static sent = 0;
  status = 0;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    StoringUpload.sent += 1;
    this.status = 200;
    setTimeout(() => {
      act(() => {
        this.onload?.();
      });
    }, 0);
  }
}

beforeEach(() => {
  StoringUpload.sent = 0;
  vi.stubGlobal('XMLHttpRequest', StoringUpload);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:http://app.test/preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPhotos() {
  const api = createDriverApi({ baseUrl: '/common', appKey: 'app-key' });
  return renderFlow(<TripPhotos api={api} token="driver-token" serviceId={SERVICE_ID} />, {
    path: '/driver',
  });
}

const picture = () => new File(['jpeg!'], 'car.jpg', { type: 'image/jpeg' });

describe("the trip's photos", () => {
  it('shows the photos the trip holds as thumbnails', async () => {
    fakeApi(['00000000-0000-4000-8000-000000000001']);
    await renderPhotos();
    const section = screen.getByRole('region', { name: 'Fotos' });
    const thumbnail = await within(section).findByRole('img', { name: 'Foto 1 del servicio' });
    expect(thumbnail.getAttribute('src')).toContain('signature=s');
    expect(within(section).getByText('Lista')).toBeTruthy();
  });

  it('"Tomar foto" opens the back camera; the photo uploads, is recorded and is ready', async () => {
    const calls = fakeApi([]);
    const { user } = await renderPhotos();
    const input = screen.getByLabelText<HTMLInputElement>('Tomar foto', { selector: 'input' });
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    const clicked = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Tomar foto' }));
    expect(clicked).toHaveBeenCalled();

    await user.upload(input, picture());
    expect(await screen.findByText('Lista')).toBeTruthy();
    expect(StoringUpload.sent).toBe(1);
    const asked = calls.find((call) => call.path === `${PHOTOS_PATH}/upload-url`);
    const recorded = calls.find((call) => call.path === PHOTOS_PATH && call.method === 'POST');
    expect(asked?.body).toMatchObject({ contentType: 'image/jpeg', size: 5 });
    expect(recorded?.body).toEqual({
      photoId: (asked?.body as { photoId: string }).photoId,
    });
    expect(screen.getByRole('img', { name: 'Foto 1 del servicio' })).toBeTruthy();
  });

  it('a photo the server refuses shows an error, without a retry that could not work', async () => {
    fakeApi([], 413);
    const { user } = await renderPhotos();
    const input = screen.getByLabelText<HTMLInputElement>('Tomar foto', { selector: 'input' });
    await user.upload(input, picture());
    expect(await screen.findByText('Error al subir')).toBeTruthy();
    expect(StoringUpload.sent).toBe(0);
    expect(screen.queryByRole('button', { name: 'Reintentar la foto 1' })).toBeNull();
  });
});
