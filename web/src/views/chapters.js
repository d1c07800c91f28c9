// The chapters in the order of the course, and what the page knows of each without drawing it:
// a chapter's number is its place in CHAPTERS (1 to 12), set here once. Each chapter is a folder,
// views/<id>/: its descriptor (chapter.js) and the code that draws it (view.js and its parts).
// This file imports descriptors only (plain data: no DOM, no core), so the URL state, the tests
// and the benchmarks can read the chapters without loading the page.
//
// A descriptor (views/<id>/chapter.js) is `export const chapter = {...}` with:
//   id        the URL value (?view=<id>) and the folder's name
//   title     the navigation label
//   question  what the chapter answers, in one line (the course map, and the Next link that leads to it)
//   course    'class04', 'class05' or 'beyond': the part of the course it teaches (COURSE_PARTS)
//   beyond    (optional) 'all' or 'part': not taught in Classes 04–05 (components/nav.js marks it)
//   skeletonField (optional) the state key of the sentence field the page shows while the core starts
//   params    its own URL parameters, {url, key, parse, default} (see state.js and params.js)
//   figures   (optional) its figures that can be embedded one at a time, by name (figures.js below
//             says what their fields mean); the view marks each figure's root with figureAttr
//   firstScreen (optional) its key figure, moved under the sentence on the full page
//             (components/first-screen.js says what its fields mean)
import { chapter as ids } from './ids/chapter.js';
import { chapter as windowChapter } from './window/chapter.js';
import { chapter as smoothing } from './smoothing/chapter.js';
import { chapter as space } from './space/chapter.js';
import { chapter as cosine } from './cosine/chapter.js';
import { chapter as flow } from './flow/chapter.js';
import { chapter as qkv } from './qkv/chapter.js';
import { chapter as bank } from './bank/chapter.js';
import { chapter as heads } from './heads/chapter.js';
import { chapter as lab } from './lab/chapter.js';
import { chapter as trained } from './trained/chapter.js';
import { chapter as training } from './training/chapter.js';

/** The course's order: a chapter's number is its place here. */
export const CHAPTERS = [ids, windowChapter, smoothing, space, cosine, flow, qkv, bank, heads, lab, trained, training]
  .map((chapter, index) => Object.freeze({ ...chapter, chapter: index + 1 }));

/** The parts of the course, in order: the course map (components/course-map.js) groups the chapters by them. */
export const COURSE_PARTS = [
  { id: 'class04', title: 'Class 04: from words to vectors to context' },
  { id: 'class05', title: 'Class 05: queries, keys and values' },
  { id: 'beyond', title: 'Beyond the class' },
];

// The page opens on the class notebook (NumPy mode, "Bank of the river").
export const DEFAULT_VIEW_ID = 'qkv';

/**
 * Every embeddable figure by name, from the chapters' descriptors. Fields:
 *   view     the chapter that draws it (the figure decides the view: figure=flow opens ?view=flow)
 *   label    what the embed bar and the "Embed" dialog call it
 *   keep     (optional) a selector of something outside the figure that must stay visible with it,
 *            such as the trained model's Load button
 *   missing  (optional) what to say while the figure is not drawn (the generic text otherwise)
 *   collapse (optional) the <details> inside the figure that an embed starts closed (a long table
 *            the full page shows open), as a selector
 *   tall     (optional) why the figure may be taller than one phone screen, said by the tests
 */
export const FIGURES = Object.freeze(Object.fromEntries(CHAPTERS.flatMap((chapter) =>
  Object.entries(chapter.figures ?? {}).map(([name, figure]) => [name, Object.freeze({ ...figure, view: chapter.id })]))));

export const FIGURE_NAMES = Object.keys(FIGURES);
