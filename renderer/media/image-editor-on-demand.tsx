// The image editor (its crop stage and the crop library) loaded when the writer first opens it.
import { onDemand } from '../components/on-demand.tsx';

export const ImageEditor = onDemand(async () => (await import('./ImageEditor.tsx')).ImageEditor, 'Loading the image editor…');
