import {
  DEFAULT_LANGUAGE,
  LanguageSchema,
  type Language,
  type ServiceStatusKey,
} from '@auxilio/domain';

// The words of a status notification (decision 451), in the subscriber's language, Spanish when it
// is unknown (SPEC 9 "Default language es"). Formal "usted" as the PWA's tracking texts.

export interface NotificationText {
  title: string;
  body: string;
}

type Texts = Record<ServiceStatusKey, (providerName: string | null) => NotificationText>;

const SPANISH: Texts = {
  new: () => ({ title: 'Solicitud recibida', body: 'Estamos buscando quién le asista.' }),
  accepted: (name) => ({
    title: 'Servicio aceptado',
    body: name ? `${name} estará con usted pronto.` : 'Su asistencia estará con usted pronto.',
  }),
  on_route: () => ({
    title: 'Su asistencia va en camino',
    body: 'Siga en el mapa por dónde viene.',
  }),
  arrived: () => ({ title: 'Su asistencia llegó', body: 'Ya está en el lugar del servicio.' }),
  towed: () => ({ title: 'Vehículo en la grúa', body: 'Su vehículo va camino al destino.' }),
  finished: () => ({ title: 'Servicio finalizado', body: 'Gracias. Cuéntenos cómo le fue.' }),
  cancelled: () => ({ title: 'Servicio cancelado', body: 'Su servicio fue cancelado.' }),
  cancelled_by_driver: () => ({
    title: 'Buscamos otra asistencia',
    body: 'Quien iba a asistirle no podrá llegar; ya buscamos a otra persona.',
  }),
  pending_audit: () => ({ title: 'Servicio finalizado', body: 'Su servicio está en revisión.' }),
};

const ENGLISH: Texts = {
  new: () => ({ title: 'Request received', body: 'We are finding someone to assist you.' }),
  accepted: (name) => ({
    title: 'Service accepted',
    body: name ? `${name} will be with you soon.` : 'Your assistance will be with you soon.',
  }),
  on_route: () => ({
    title: 'Your assistance is on the way',
    body: 'Follow it on the map.',
  }),
  arrived: () => ({ title: 'Your assistance has arrived', body: 'It is at the service location.' }),
  towed: () => ({ title: 'Vehicle on the tow truck', body: 'Your vehicle is on its way.' }),
  finished: () => ({ title: 'Service finished', body: 'Thank you. Tell us how it went.' }),
  cancelled: () => ({ title: 'Service cancelled', body: 'Your service was cancelled.' }),
  cancelled_by_driver: () => ({
    title: 'Finding other assistance',
    body: 'Your assistance cannot make it; we are already finding someone else.',
  }),
  pending_audit: () => ({ title: 'Service finished', body: 'Your service is being reviewed.' }),
};

const TEXTS: Record<Language, Texts> = { es: SPANISH, en: ENGLISH };

/** Title and body for a service that reached `status`; Spanish for an unknown language. */
export function notificationText(
  status: ServiceStatusKey,
  language: string,
  providerName: string | null,
): NotificationText {
  const known = LanguageSchema.safeParse(language).data ?? DEFAULT_LANGUAGE;
  return TEXTS[known][status](providerName);
}
