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
    title: 'Talento universitario',
    description:
      'Estudiantes de grado y máster que eligen tu reto para su trabajo final y le dedican meses de trabajo.',
    icon: 'people',
  },
  {
    title: 'Acompañamiento académico',
    description:
      'Cada proyecto cuenta con un tutor o tutora de la universidad que guía al estudiante de principio a fin.',
    icon: 'teacher',
  },
  {
    title: 'Tú eliges a quién',
    description:
      'Recibe candidaturas con la motivación de cada estudiante y selecciona a quien mejor encaje.',
    icon: 'check',
  },
  {
    title: 'Seguimiento del avance',
    description:
      'Consulta en qué punto está el proyecto: objetivos, marco, conclusiones y defensa.',
    icon: 'chart',
  },
];

const STEPS: LandingStep[] = [
  {
    title: 'Crea tu cuenta',
    description: 'Regístrate como persona de contacto de tu organización.',
  },
  {
    title: 'Da de alta tu organización',
    description: 'Cuéntanos a qué se dedica, dónde está y cómo contactaros.',
  },
  {
    title: 'Publica tu proyecto',
    description: 'Describe el reto, sus objetivos y el perfil de estudiante que buscas.',
  },
  {
    title: 'Elige y colabora',
    description: 'Revisa las candidaturas, selecciona a tu estudiante y trabajad juntos.',
  },
];

/** `/organizaciones` (spec §2): what the platform offers organisations, and how to join. */
export function OrganizationsLandingRoute() {
  const { projectName } = useBranding();
  const actions = (
    <AudienceActions
      registerTo="/register?profile=coordinator"
      registerLabel="Registrar mi organización"
    />
  );

  return (
    <>
      <LandingHero
        eyebrow={<p className="tracking-widest uppercase">Para organizaciones</p>}
        title="Convierte tus retos en proyectos con impacto"
        actions={actions}
        picture={
          <AudienceIllustration
            icon="organization"
            around={['people', 'teacher', 'check', 'chart']}
          />
        }
      >
        <p>
          Empresas, entidades sociales y administraciones plantean en {projectName} los retos que
          quieren resolver, y estudiantes universitarios los convierten en su TFG o TFM.
        </p>
      </LandingHero>
      <FeatureGrid id="ofrecemos" title="Lo que tu organización gana" items={OFFERS} columns={2} />
      <StepList id="pasos" title="Cómo participar" steps={STEPS} />
      <CallToAction id="unete" title="¿Tienes un reto en mente?" actions={actions}>
        <p>Publícalo y deja que el talento universitario te ayude a resolverlo.</p>
      </CallToAction>
    </>
  );
}
