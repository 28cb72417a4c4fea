import { useBranding } from '../../../features/branding/hooks/use-branding';
import { AudienceIllustration } from '../../../features/landing/components/audience-illustration';
import { CallToAction } from '../../../features/landing/components/call-to-action';
import {
  FeatureGrid,
  type LandingFeature,
} from '../../../features/landing/components/feature-grid';
import { LandingHero } from '../../../features/landing/components/landing-hero';
import { StepList, type LandingStep } from '../../../features/landing/components/step-list';
import { AudienceActions } from './audience-actions';

const OFFERS: LandingFeature[] = [
  {
    title: 'Proyectos con impacto real',
    description:
      'Retos propuestos por organizaciones y profesorado para hacer tu TFG o TFM sobre algo que importa: salud, medio ambiente, educación, inclusión...',
    icon: 'search',
  },
  {
    title: 'Guarda y compara',
    description:
      'Filtra por tu área de estudio, guarda los proyectos que te interesan y vuelve a ellos cuando quieras.',
    icon: 'bookmark',
  },
  {
    title: 'Candidaturas sencillas',
    description:
      'Presenta tu candidatura en pocos pasos y sigue su estado desde tu perfil, sin correos perdidos.',
    icon: 'send',
  },
  {
    title: 'Biblioteca de trabajos finales',
    description:
      'Inspírate con trabajos de fin de grado y máster ya terminados y comparte el tuyo cuando acabes.',
    icon: 'library',
  },
  {
    title: 'Recursos para tu TFG o TFM',
    description:
      'Guías y materiales para elegir tema, organizarte y defender tu trabajo con seguridad.',
    icon: 'spark',
  },
  {
    title: 'Avisos a tu medida',
    description:
      'Te avisamos cuando aparecen proyectos que encajan contigo y cuando cambia una candidatura.',
    icon: 'bell',
  },
];

const STEPS: LandingStep[] = [
  {
    title: 'Crea tu cuenta',
    description: 'Solo necesitas tu correo electrónico y una contraseña.',
  },
  {
    title: 'Completa tu perfil',
    description: 'Tu universidad, tus estudios y lo que te interesa, en unos minutos.',
  },
  {
    title: 'Encuentra tu proyecto',
    description: 'Explora, guarda y presenta tu candidatura a los que más te motiven.',
  },
  {
    title: 'Hazlo realidad',
    description: 'Desarrolla tu TFG o TFM con una organización y el apoyo de tu tutor o tutora.',
  },
];

/** `/estudiantes` (spec §2): what the platform offers students, and how to join. */
export function StudentsLandingRoute() {
  const { projectName } = useBranding();
  const actions = (
    <AudienceActions
      registerTo="/register?profile=student"
      registerLabel="Crear mi cuenta de estudiante"
    />
  );

  return (
    <>
      <LandingHero
        eyebrow={<p className="tracking-widest uppercase">Para estudiantes</p>}
        title="Haz un TFG o TFM que deje huella"
        actions={actions}
        picture={
          <AudienceIllustration icon="student" around={['search', 'bookmark', 'library', 'bell']} />
        }
      >
        <p>
          En {projectName} encuentras proyectos de impacto social propuestos por organizaciones y
          profesorado de toda España, para que tu trabajo final sirva a alguien más que a tu
          tribunal.
        </p>
      </LandingHero>
      <FeatureGrid id="ofrecemos" title="Lo que te ofrecemos" items={OFFERS} />
      <StepList id="pasos" title="Cómo empezar" steps={STEPS} />
      <CallToAction id="unete" title="Tu próximo proyecto te está esperando" actions={actions}>
        <p>Crear tu cuenta solo te llevará unos minutos.</p>
      </CallToAction>
    </>
  );
}
