import { Link } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { useBranding } from '../../features/branding/hooks/use-branding';
import { isEmprendeProgram } from '../../features/branding/utils/branding-match';
import { AreaWelcome } from '../../features/landing/components/area-welcome';
import { CallToAction } from '../../features/landing/components/call-to-action';
import { ConnectionIllustration } from '../../features/landing/components/connection-illustration';
import { EmprendeInvitation } from '../../features/landing/components/emprende-invitation';
import { FeatureGrid, type LandingFeature } from '../../features/landing/components/feature-grid';
import { heroActionClasses, LandingHero } from '../../features/landing/components/landing-hero';
import { StepList, type LandingStep } from '../../features/landing/components/step-list';
import { TextLink } from '../../features/landing/components/text-link';
import { areaLinksFor } from '../../features/landing/utils/area-links';
import { hasCommunications } from '../../features/navigation/utils/build-menu';
import { usePermissions } from '../../features/permissions/api/get-permissions';

const AUDIENCES: LandingFeature[] = [
  {
    title: 'Estudiantes',
    description:
      'Descubre proyectos con impacto real, guarda los que te interesan y presenta tu candidatura para hacer tu TFG o TFM junto a una organización.',
    icon: 'student',
    action: <TextLink to="/estudiantes">Lo que te ofrecemos</TextLink>,
  },
  {
    title: 'Profesorado',
    description:
      'Publica proyectos, tutoriza trabajos finales y sigue el avance de tus estudiantes desde tu panel de control.',
    icon: 'teacher',
    action: <TextLink to="/register?profile=teacher">Crear mi cuenta de docente</TextLink>,
  },
  {
    title: 'Organizaciones',
    description:
      'Plantea los retos de tu entidad y colabora con talento universitario para convertirlos en proyectos que transforman.',
    icon: 'organization',
    action: <TextLink to="/organizaciones">Cómo participar</TextLink>,
  },
];

const STEPS: LandingStep[] = [
  {
    title: 'Se publica un reto',
    description: 'Organizaciones y profesorado proponen proyectos de impacto social.',
  },
  {
    title: 'Encuentras tu proyecto',
    description: 'Los estudiantes exploran, guardan y envían su candidatura.',
  },
  {
    title: 'Lo hacéis realidad',
    description: 'El trabajo se convierte en un TFG o TFM con impacto y queda en la biblioteca.',
  },
];

/**
 * `/` (spec §2): the project name as the h1 for everyone. Visitors get the presentation of the
 * platform for its three audiences, closed by the Emprende invitation ("Inscribirme ahora", spec §2
 * Landing) when the program matches; signed-in people get a welcome with their area (ADR 0015).
 */
export function HomeRoute() {
  const branding = useBranding();
  const { status, user, details } = useSession();
  const { permissions } = usePermissions();

  return (
    <>
      <LandingHero
        eyebrow={
          branding.universityName ? (
            <p className="inline-flex items-center rounded-full bg-on-main/10 px-4 py-1.5 ring-1 ring-on-main/20">
              {branding.universityName}
            </p>
          ) : (
            <p className="tracking-widest uppercase">Impacto social · TFG y TFM</p>
          )
        }
        title={branding.projectName}
        picture={<ConnectionIllustration />}
        actions={
          status === 'anonymous' ? (
            <>
              <Link to="/estudiantes" className={heroActionClasses('primary')}>
                Soy estudiante
              </Link>
              <Link to="/organizaciones" className={heroActionClasses('secondary')}>
                Soy una organización
              </Link>
            </>
          ) : null
        }
      >
        <p>
          Conectamos a estudiantes y profesorado universitario con organizaciones de toda España
          para desarrollar proyectos de impacto social y trabajos de fin de grado y máster.
        </p>
      </LandingHero>

      {status === 'authenticated' && user ? (
        <AreaWelcome
          name={user.name}
          links={areaLinksFor({
            profileType: user.profileType,
            hasOrganization: details?.organization != null,
            hasCommunications: hasCommunications(permissions, details),
            needsTeacherArea:
              user.profileType === 'teacher' && details !== null && !details.teacherArea?.trim(),
            permissions,
          })}
        />
      ) : null}

      {status === 'anonymous' ? (
        <>
          <FeatureGrid
            id="participa"
            title="Una plataforma, tres formas de participar"
            intro="Cada perfil encuentra aquí lo que necesita para que el conocimiento universitario llegue a donde más se necesita."
            items={AUDIENCES}
          />
          <StepList id="como-funciona" title="Cómo funciona" steps={STEPS} />
          {isEmprendeProgram(branding) && branding.program ? (
            <EmprendeInvitation program={branding.program} />
          ) : (
            <CallToAction
              id="empieza"
              title="Empieza hoy"
              actions={
                <>
                  <Link to="/register" className={heroActionClasses('primary')}>
                    Registrarme
                  </Link>
                  <Link to="/user/auth/login" className={heroActionClasses('secondary')}>
                    Iniciar sesión
                  </Link>
                </>
              }
            >
              <p>
                Crea tu cuenta en un par de minutos o entra si ya formas parte de la plataforma.
              </p>
            </CallToAction>
          )}
        </>
      ) : null}
    </>
  );
}
