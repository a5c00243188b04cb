import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  INITIAL_SESSION,
  SurveySubmitRequestSchema,
  type Brand,
  type BrandInput,
} from '@auxilio/domain';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { SurveyScreen } from './survey-screen.tsx';

const QUESTIONS: BrandInput['survey'] = {
  questions: [
    { key: 'provider', type: 'startRating', label: 'survey.provider' },
    { key: 'gentleOperator', type: 'yesNo', label: 'survey.gentleOperator' },
    { key: 'recommendationScore', type: 'ratingButton', label: 'survey.recommendationScore' },
    { key: 'productExperience', type: 'textarea', label: 'survey.productExperience' },
  ],
};
const TIPPING = { allowed: true, branches: [], excludedServiceTypes: [] };

interface Posted {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** POST /common/surveys as the server answers it; bodies checked with the contract schema. */
function fakeSurveyApi(status = 200) {
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      posted.push({
        path: new URL(input, 'http://localhost').pathname,
        authorization: new Headers(init?.headers).get('authorization'),
        body,
      });
      SurveySubmitRequestSchema.parse(body);
      const answer =
        status === 200 ? { answered: true } : { code: 'INTERNAL', message: 'unavailable' };
      return Promise.resolve(new Response(JSON.stringify(answer), { status }));
    }),
  );
  return posted;
}

async function renderSurvey(brand: Brand, situation: 'flatTire' | 'ambulance' = 'flatTire') {
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: 'svc-1', token: 'tok-1' },
  });
  const location = memoryLocation({ path: '/survey', record: true });
  const onServiceChanged = vi.fn();
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SurveyScreen
        service={{ _id: 'svc-1', branch: 'PR', situation }}
        onServiceChanged={onServiceChanged}
      />
    </Router>,
    { config: testConfig(brand), i18n: await createTestI18n('es') },
  );
  return { location, onServiceChanged, user: userEvent.setup() };
}

async function rateProvider(user: ReturnType<typeof userEvent.setup>, stars: number) {
  const group = screen.getByRole('group', { name: '¿Cómo califica al proveedor?' });
  await user.click(
    within(group).getByRole('radio', {
      name: `${stars} ${stars === 1 ? 'estrella' : 'estrellas'}`,
    }),
  );
}

describe('survey screen (SPEC 2 "Survey")', () => {
  it('shows the title, the star legend and the brand questions', async () => {
    fakeSurveyApi();
    await renderSurvey(testBrand({ survey: QUESTIONS }));
    expect(screen.getByRole('heading', { name: 'Cuéntenos su experiencia' })).toBeInTheDocument();
    expect(screen.getByText('1 estrella = malo, 5 estrellas = excelente')).toBeInTheDocument();
    const stars = within(screen.getByRole('group', { name: '¿Cómo califica al proveedor?' }));
    expect(stars.getAllByRole('radio')).toHaveLength(5);
    const scale = within(
      screen.getByRole('group', { name: /qué tan probable es que nos recomiende/ }),
    );
    expect(scale.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(screen.getByRole('textbox', { name: '¿Qué podemos mejorar?' })).toHaveAttribute(
      'maxlength',
      '255',
    );
    // The brand asks a text question: no second comment box.
    expect(screen.queryByRole('textbox', { name: 'Comentarios (opcional)' })).toBeNull();
  });

  it('Confirm without stars sends nothing and points at the star question (SPEC 5 "stars 1 to 5")', async () => {
    const posted = fakeSurveyApi();
    const { user, location } = await renderSurvey(testBrand({ survey: QUESTIONS }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const group = screen.getByRole('group', { name: '¿Cómo califica al proveedor?' });
    expect(group).toHaveAccessibleDescription('Elija de 1 a 5 estrellas.');
    expect(within(group).getByRole('radio', { name: '1 estrella' })).toHaveFocus();
    expect(posted).toHaveLength(0);
    expect(location.history).toEqual(['/survey']);
  });

  it('sends the answers and goes to /tips when the provider gets more than 3 stars and tips are allowed', async () => {
    const posted = fakeSurveyApi();
    const { user, location, onServiceChanged } = await renderSurvey(
      testBrand({ survey: QUESTIONS, tipping: TIPPING }),
    );
    await rateProvider(user, 4);
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('radio', { name: '9' }));
    await user.type(screen.getByRole('textbox'), '  Muy rápido ');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => {
      expect(location.history).toEqual(['/tips']);
    });
    expect(posted).toEqual([
      {
        path: '/common/surveys',
        authorization: 'Bearer tok-1',
        body: {
          answers: {
            provider: 4,
            gentleOperator: true,
            recommendationScore: 9,
            productExperience: 'Muy rápido',
          },
          comments: '',
          serviceId: 'svc-1',
        },
      },
    ]);
    expect(onServiceChanged).toHaveBeenCalledOnce();
  });

  it.each([
    [
      '3 stars with tipping allowed -> /social',
      3,
      testBrand({ survey: QUESTIONS, tipping: TIPPING }),
      'flatTire',
      '/social',
    ],
    [
      '5 stars without tipping -> /social',
      5,
      testBrand({ survey: QUESTIONS }),
      'flatTire',
      '/social',
    ],
    [
      '5 stars for a type excluded from tips -> /social',
      5,
      testBrand({
        survey: QUESTIONS,
        tipping: { allowed: true, branches: [], excludedServiceTypes: ['ambulance'] },
      }),
      'ambulance',
      '/social',
    ],
    [
      '5 stars, brand that asks for feedback -> /feedback',
      5,
      testBrand({ survey: QUESTIONS, tipping: TIPPING, feedbackAfterSurvey: true }),
      'flatTire',
      '/feedback',
    ],
  ] as const)('%s', async (_case, stars, brand, situation, expected) => {
    fakeSurveyApi();
    const { user, location } = await renderSurvey(brand, situation);
    await rateProvider(user, stars);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => {
      expect(location.history).toEqual([expected]);
    });
  });

  it('a brand without a text question gets an optional comment box sent as comments', async () => {
    const posted = fakeSurveyApi();
    const { user } = await renderSurvey(testBrand());
    await rateProvider(user, 2);
    await user.type(screen.getByRole('textbox', { name: 'Comentarios (opcional)' }), 'Tardó');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => {
      expect(posted).toHaveLength(1);
    });
    expect(posted[0]?.body).toEqual({
      answers: { provider: 2 },
      comments: 'Tardó',
      serviceId: 'svc-1',
    });
  });

  it('a failed send keeps the answers and says so', async () => {
    fakeSurveyApi(503);
    const { user, location } = await renderSurvey(testBrand({ survey: QUESTIONS }));
    await rateProvider(user, 5);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos enviar su encuesta');
    expect(location.history).toEqual(['/survey']);
    expect(screen.getByRole('radio', { name: '5 estrellas' })).toBeChecked();
  });
});
