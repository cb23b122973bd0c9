/** Languages the banner speaks. */
export type ConsentLocale = 'en' | 'es';

/** Every text of the banner and its settings panel. */
export interface ConsentTexts {
  title: string;
  intro: string;
  acceptAll: string;
  rejectAll: string;
  settings: string;
  settingsTitle: string;
  purposesLegend: string;
  specialFeaturesLegend: string;
  vendorsLegend: string;
  consent: string;
  legitimateInterest: string;
  optIn: string;
  objectHint: string;
  vendorsLoading: string;
  vendorsFailed: string;
  save: string;
  back: string;
  saving: string;
  saveFailed: string;
  privacySettings: string;
  purposes: Record<number, string>;
  specialFeatures: Record<number, string>;
}

/** English and Spanish texts; purpose and feature names are our own short wording of the TCF ids. */
export const consentTexts: Record<ConsentLocale, ConsentTexts> = {
  en: {
    title: 'Your privacy choices',
    intro:
      'We and our partners store and read information on your device to run this site, measure it and show ads. You can accept, reject, or choose per purpose and partner. You can change your mind at any time from "Privacy settings".',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    settings: 'Settings',
    settingsTitle: 'Privacy settings',
    purposesLegend: 'Purposes',
    specialFeaturesLegend: 'Special features',
    vendorsLegend: 'Partners',
    consent: 'Consent',
    legitimateInterest: 'Legitimate interest',
    optIn: 'Allow',
    objectHint:
      'Some partners use your data on the basis of their legitimate interest instead of asking for consent. You have the right to object: untick "Legitimate interest" for a purpose or a partner.',
    vendorsLoading: 'Loading partners…',
    vendorsFailed: 'The partner list could not be loaded.',
    save: 'Save my choices',
    back: 'Back',
    saving: 'Saving…',
    saveFailed: 'Your choice could not be saved. Please try again.',
    privacySettings: 'Privacy settings',
    purposes: {
      1: 'Store or read information on your device',
      2: 'Basic ads',
      3: 'Advertising profile',
      4: 'Ads from your profile',
      5: 'Content profile',
      6: 'Content from your profile',
      7: 'Ad measurement',
      8: 'Content measurement',
      9: 'Audience statistics',
      10: 'Improving services',
      11: 'Content from limited data',
    },
    specialFeatures: { 1: 'Precise location', 2: 'Device scanning' },
  },
  es: {
    title: 'Tus opciones de privacidad',
    intro:
      'Nosotros y nuestros socios guardamos y leemos información en tu dispositivo para que este sitio funcione, medirlo y mostrar anuncios. Puedes aceptar, rechazar o elegir por finalidad y socio. Puedes cambiar de opinión cuando quieras desde «Configuración de privacidad».',
    acceptAll: 'Aceptar todo',
    rejectAll: 'Rechazar todo',
    settings: 'Configurar',
    settingsTitle: 'Configuración de privacidad',
    purposesLegend: 'Finalidades',
    specialFeaturesLegend: 'Características especiales',
    vendorsLegend: 'Socios',
    consent: 'Consentimiento',
    legitimateInterest: 'Interés legítimo',
    optIn: 'Permitir',
    objectHint:
      'Algunos socios tratan tus datos basándose en su interés legítimo en lugar de pedir tu consentimiento. Tienes derecho a oponerte: desmarca «Interés legítimo» en una finalidad o un socio.',
    vendorsLoading: 'Cargando socios…',
    vendorsFailed: 'No se pudo cargar la lista de socios.',
    save: 'Guardar mis opciones',
    back: 'Volver',
    saving: 'Guardando…',
    saveFailed: 'No se pudo guardar tu elección. Inténtalo de nuevo.',
    privacySettings: 'Configuración de privacidad',
    purposes: {
      1: 'Guardar o leer información en tu dispositivo',
      2: 'Anuncios básicos',
      3: 'Perfil publicitario',
      4: 'Anuncios según tu perfil',
      5: 'Perfil de contenido',
      6: 'Contenido según tu perfil',
      7: 'Medición de anuncios',
      8: 'Medición de contenido',
      9: 'Estadísticas de audiencia',
      10: 'Mejora de servicios',
      11: 'Contenido con datos limitados',
    },
    specialFeatures: { 1: 'Ubicación precisa', 2: 'Análisis del dispositivo' },
  },
};
