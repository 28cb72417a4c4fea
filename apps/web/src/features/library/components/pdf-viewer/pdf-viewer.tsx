import {
  getDocument,
  GlobalWorkerOptions,
  TextLayer,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
// The worker is a file of our own build (no CDN): Vite copies it into assets/ with a hash.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { apiRequest } from '../../../../lib/api-client';
import './pdf-viewer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Where the build serves pdf.js's own data (vite.config.ts copies them from pdfjs-dist): the
 * standard fonts that PDFs name without embedding them, the character maps of CJK fonts, the
 * image decoders and the colour profiles.
 */
const assetsUrl = (folder: string) => new URL(`/pdfjs/${folder}/`, window.location.origin).href;

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;

type Status = { kind: 'loading' } | { kind: 'ready'; pages: number } | { kind: 'failed' };

interface PdfViewerProps {
  /** Where the PDF's bytes are read (`/api/upload/files/:id/content`, with the session). */
  url: string;
  title: string;
  /** Said when it cannot be shown ("download it instead"). */
  onFailedHint: string;
}

/**
 * The library's inline PDF viewer, on pdf.js (ADR 0040): one page at a time, fitted to the width
 * and zoomable, drawn on a canvas with pdf.js's text layer on top, so the text can be selected,
 * found and read by screen readers. The bytes are read through the API client, so a private file
 * goes with the session's token.
 */
export default function PdfViewer({ url, title, onFailedHint }: PdfViewerProps) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const [width, setWidth] = useState(0);
  const [scale, setScale] = useState(1);
  const documentRef = useRef<PDFDocumentProxy | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const labelId = useId();

  // Load the document (the viewer is keyed by its URL: another document is a fresh viewer).
  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const blob = await apiRequest<Blob>(url, {
          responseType: 'blob',
          signal: controller.signal,
        });
        const data = new Uint8Array(await blob.arrayBuffer());
        if (controller.signal.aborted) return;
        const task = getDocument({
          data,
          enableXfa: false,
          standardFontDataUrl: assetsUrl('standard_fonts'),
          cMapUrl: assetsUrl('cmaps'),
          wasmUrl: assetsUrl('wasm'),
          iccUrl: assetsUrl('iccs'),
        });
        destroy = () => task.destroy();
        const loaded = await task.promise;
        if (controller.signal.aborted) return;
        documentRef.current = loaded;
        setStatus({ kind: 'ready', pages: loaded.numPages });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('No se pudo mostrar el PDF.', error);
        setStatus({ kind: 'failed' });
      }
    })();
    return () => {
      controller.abort();
      documentRef.current = null;
      void destroy?.();
    };
  }, [url]);

  // The page follows the frame's width (phones, a resized window).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(frame.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [status.kind]);

  // Draw the current page, with its text layer.
  useEffect(() => {
    const pdf = documentRef.current;
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (status.kind !== 'ready' || !pdf || !canvas || !text || width === 0) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    void (async () => {
      try {
        const pdfPage = await pdf.getPage(page);
        if (cancelled) return;
        const fitted = (width / pdfPage.getViewport({ scale: 1 }).width) * zoom;
        const viewport = pdfPage.getViewport({ scale: fitted });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        setScale(fitted);
        renderTask = pdfPage.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        text.replaceChildren();
        textLayer = new TextLayer({
          textContentSource: pdfPage.streamTextContent(),
          container: text,
          viewport,
        });
        await Promise.all([renderTask.promise, textLayer.render()]);
      } catch (error) {
        if (
          !cancelled &&
          !(error instanceof Error && error.name === 'RenderingCancelledException')
        ) {
          console.warn('No se pudo dibujar la página del PDF.', error);
        }
      }
    })();
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [status, page, zoom, width]);

  if (status.kind === 'failed') {
    return (
      <p
        role="status"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
      >
        No se ha podido mostrar el documento aquí. {onFailedHint}
      </p>
    );
  }

  const pages = status.kind === 'ready' ? status.pages : 0;
  const zoomIndex = ZOOMS.indexOf(zoom);
  const control =
    'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';
  const pageStyle = { '--total-scale-factor': scale } as CSSProperties;

  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-3">
      <h3 id={labelId} className="sr-only">
        Documento: {title}
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={control}
            disabled={page <= 1 || pages === 0}
            onClick={() => setPage((n) => Math.max(1, n - 1))}
          >
            Página anterior
          </button>
          <button
            type="button"
            className={control}
            disabled={page >= pages}
            onClick={() => setPage((n) => Math.min(pages, n + 1))}
          >
            Página siguiente
          </button>
        </div>
        <p aria-live="polite" className="text-sm text-slate-700">
          {pages > 0 ? `Página ${page} de ${pages}` : 'Cargando el documento…'}
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={control}
            aria-label="Reducir"
            disabled={zoomIndex <= 0 || pages === 0}
            onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)]!)}
          >
            −
          </button>
          <span className="w-12 text-center text-sm text-slate-700 tabular-nums">
            {Math.round(zoom * 100)} %
          </span>
          <button
            type="button"
            className={control}
            aria-label="Ampliar"
            disabled={zoomIndex >= ZOOMS.length - 1 || pages === 0}
            onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)]!)}
          >
            +
          </button>
        </div>
      </div>
      {/* Scrolled with the keyboard too when the page is taller or, zoomed in, wider than it. */}
      <div
        ref={frameRef}
        tabIndex={0}
        role="group"
        aria-label={pages > 0 ? `Página ${page} de ${pages}` : 'Página del documento'}
        className="max-h-[80vh] overflow-auto rounded-lg border border-slate-300 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-main"
      >
        <div className="pdf-page relative mx-auto w-fit bg-white shadow" style={pageStyle}>
          <canvas ref={canvasRef} aria-hidden="true" className="block" />
          <div ref={textRef} className="textLayer" />
        </div>
      </div>
    </section>
  );
}
