import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingStatus } from '../../../../components/ui/loading-status';

/** pdf.js weighs hundreds of KB: it is loaded in its own chunk, when a work's PDF is shown. */
const PdfViewer = lazy(() => import('./pdf-viewer'));

export function LazyPdfViewer(props: ComponentProps<typeof PdfViewer>) {
  return (
    <Suspense fallback={<LoadingStatus />}>
      <PdfViewer key={props.url} {...props} />
    </Suspense>
  );
}
