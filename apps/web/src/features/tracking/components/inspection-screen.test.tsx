import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GenerateUploadUrlRequestSchema,
  INITIAL_SESSION,
  RecordServicePhotoRequestSchema,
  type ServicePhoto,
} from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { InspectionScreen } from './inspection-screen.tsx';

// /tracking/coninspection (SPEC 2 accident documentation, decision 660): a photo taken here is sent
// to the service with its progress, sent again when the signal comes back, and the photos the
// service holds are shown again when the screen is opened anew. The storage service, the common API
// (fetch) and the PUT (XMLHttpRequest) are stand-ins at the network boundary; everything else is
// the app's own code.

const SERVICE_ID = 'svc-photos-0001';
const TOKEN = 'token-of-the-photo-service-0001';
const EARLIER: ServicePhoto = {
  photoId: '11111111-2222-4333-8444-555555555555',
  contentType: 'image/jpeg',
  size: 5000,
  recordedAt: '2026-11-28T14:00:00.000Z',
  signedUrl: `/storage/objects/services/${SERVICE_ID}/11111111-2222-4333-8444-555555555555.jpeg?expires=1&signature=earlier`,
  expiresAt: '2026-11-28T14:15:00.000Z',
};

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The common API and the storage service at the fetch boundary. */
function fakeServer() {
  const requests: Sent[] = [];
  const photos: ServicePhoto[] = [EARLIER];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({
        method,
        url: url.pathname,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body,
      });
      const listPath = `/common/api/v1/services/${SERVICE_ID}/photos`;
      if (method === 'GET' && url.pathname === listPath) {
        return Promise.resolve(json({ photos }));
      }
      if (method === 'POST' && url.pathname === '/storage/generate-upload-url') {
        const asked = GenerateUploadUrlRequestSchema.parse(body);
        const key = `services/${SERVICE_ID}/${asked.photoId}.jpeg`;
        return Promise.resolve(
          json({
            signedUrl: `http://app.test/storage/objects/${key}?expires=9&size=${asked.size}&signature=s`,
            method: 'PUT',
            headers: { 'content-type': asked.contentType },
            url: `http://app.test/storage/objects/${key}`,
            expiresAt: new Date(Date.now() + 900_000).toISOString(),
          }),
        );
      }
      if (method === 'POST' && url.pathname === listPath) {
        const { photoId } = RecordServicePhotoRequestSchema.parse(body);
        const photo: ServicePhoto = {
          ...EARLIER,
          photoId,
          recordedAt: '2026-11-28T15:00:00.000Z',
          signedUrl: `/storage/objects/services/${SERVICE_ID}/${photoId}.jpeg?signature=new`,
        };
        if (!photos.some((p) => p.photoId === photoId)) photos.push(photo);
        return Promise.resolve(json(photo));
      }
      return Promise.resolve(json({ code: 'NOT_FOUND', message: 'no route' }, 404));
    }),
  );
  return { requests };
}

/** XMLHttpRequest uploads the test drives by hand: progress, a dropped signal, success. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | undefined;
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(fraction: number) {
    const total = this.body?.size ?? 0;
    act(() => {
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: Math.round(total * fraction),
        total,
      } as ProgressEvent);
    });
  }
  dropSignal() {
    act(() => {
      this.onerror?.();
    });
  }
  answer(status: number) {
    this.status = status;
    act(() => {
      this.onload?.();
    });
  }
}

beforeEach(() => {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  let previews = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    previews += 1;
    return `blob:http://app.test/preview-${previews}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: SERVICE_ID, token: TOKEN },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function nextUpload(count: number): Promise<FakeUpload> {
  await waitFor(() => {
    expect(FakeUpload.sent).toHaveLength(count);
  });
  return FakeUpload.sent[count - 1] as FakeUpload;
}

describe('InspectionScreen', () => {
  it('shows the photos the service already holds when it opens (after a reload)', async () => {
    const { requests } = fakeServer();
    await renderAt(<InspectionScreen />, '/tracking/coninspection');
    const earlier = await screen.findByRole('img', { name: 'Foto 1' });
    expect(earlier).toHaveAttribute('src', EARLIER.signedUrl);
    expect(screen.getByRole('status')).toHaveTextContent('1 foto enviada a su servicio');
    expect(within(earlier.closest('li') as HTMLElement).getByText(/Enviada/)).toBeInTheDocument();
    const read = requests.find((r) => r.method === 'GET');
    expect(read?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
  });

  it('sends a photo with its progress, sends it again once the signal is back, and counts it', async () => {
    const { requests } = fakeServer();
    await renderAt(<InspectionScreen />, '/tracking/coninspection');
    await screen.findByRole('img', { name: 'Foto 1' });

    const photo = new File([new Uint8Array(4000)], 'IMG_0001.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Tomar foto'), { target: { files: [photo] } });
    expect(await screen.findByRole('img', { name: 'Foto 2' })).toHaveAttribute(
      'src',
      'blob:http://app.test/preview-1',
    );

    const first = await nextUpload(1);
    expect(first.method).toBe('PUT');
    expect(first.headers).toEqual({ 'content-type': 'image/jpeg' });
    first.progress(0.5);
    const bar = screen.getByRole('progressbar', { name: 'Envío de la foto 2' });
    expect(bar).toHaveAttribute('value', '50');
    expect(screen.getByText('Enviando 50 %')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 por enviar');

    // The signal drops halfway: the photo waits, then goes again as soon as the phone is online.
    first.dropSignal();
    expect(await screen.findByText('Señal débil: se reintentará')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const second = await nextUpload(2);
    expect(second.url).toBe(first.url);
    second.progress(1);
    second.answer(204);

    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('2 fotos enviadas a su servicio');
    });
    const tile = screen.getByRole('img', { name: 'Foto 2' }).closest('li') as HTMLElement;
    expect(within(tile).getByText(/Enviada/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // One upload URL and one record, both for the photo id in the URL: nothing twice on the server.
    const signs = requests.filter((r) => r.url === '/storage/generate-upload-url');
    const records = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/photos'));
    expect(signs).toHaveLength(1);
    expect(records).toHaveLength(1);
    const photoId = GenerateUploadUrlRequestSchema.parse(signs[0]?.body).photoId;
    expect(signs[0]?.body).toMatchObject({ serviceId: SERVICE_ID, size: 4000 });
    expect(records[0]?.body).toEqual({ photoId });
    expect(first.url).toContain(`/${photoId}.jpeg?`);
    for (const call of [...signs, ...records]) {
      expect(call.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('a photo the store refuses offers no retry and can be removed', async () => {
    fakeServer();
    await renderAt(<InspectionScreen />, '/tracking/coninspection');
    await screen.findByRole('img', { name: 'Foto 1' });
    fireEvent.change(screen.getByLabelText('Tomar foto'), {
      target: { files: [new File([new Uint8Array(10)], 'x.jpg', { type: 'image/jpeg' })] },
    });
    (await nextUpload(1)).answer(413);
    expect(await screen.findByText('Esta foto no se puede enviar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la foto 2' }));
    expect(screen.queryByRole('img', { name: 'Foto 2' })).not.toBeInTheDocument();
  });
});
