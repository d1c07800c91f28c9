// Points resident in the core's memory for the embedding-space chapter (wasm/space.cpp,
// SpaceData): loaded once, asked many questions (PCA, neighbours by cosine, layout scores, the
// lesson's measurements), freed with `.delete()`. Made by AttentionCore.createSpaceData.
// Every number comes from C++; this file only passes arrays through and owns the lifetime.
export class SpaceData {
  constructor(handle) {
    this.handle = handle;
  }

  #live() {
    if (!this.handle) throw new Error('These points were deleted.');
    return this.handle;
  }

  /** Number of points N. */
  count() { return this.#live().count(); }

  /** Original dimension d. */
  dimension() { return this.#live().dimension(); }

  /**
   * Centred PCA: {components {rows: k, cols: d, data}, explainedVariance, explainedVarianceRatio
   * (Float64Array k), totalVariance, projected: Float32Array(N × k) row-major}. Signs fixed: each
   * component's largest entry is positive.
   */
  pca(components) { return this.#live().pca(components); }

  /** The k most similar points to `query` by cosine in the original space: [{index, value: cosine}]. */
  nearestByCosine(query, k) { return this.#live().nearestByCosine(query, k); }

  /** The k nearest to `query` in a layout (Float32Array N × dim) by distance: [{index, value: distance}]. */
  nearestInLayout(layout, dim, query, k) { return this.#live().nearestInLayout(layout, dim, query, k); }

  /** Mean share of each query's k cosine neighbours kept among its k layout neighbours. */
  knnRecall(layout, dim, k, queries) { return this.#live().knnRecall(layout, dim, k, Array.from(queries)); }

  /** sklearn's trustworthiness (cosine in the original space) for the first m points. */
  trustworthiness(layout, dim, k, m) { return this.#live().trustworthiness(layout, dim, k, m); }

  /** [{dimensions, varianceKept, neighboursKept}] for PCA-reduce-and-rebuild to each m. */
  dimensionSurvival(dimensions, k, queries) {
    return this.#live().dimensionSurvival(Array.from(dimensions), k, Array.from(queries));
  }

  /** cos(x_a − x_b, x_c − x_d). */
  differenceCosine(a, b, c, d) { return this.#live().differenceCosine(a, b, c, d); }

  /**
   * The analogy a − b + c (king − man + woman): the k points most similar by cosine to
   * x_a − x_b + x_c, the three inputs left out: [{index, value: cosine}], highest first.
   */
  analogy(a, b, c, k = 5) { return this.#live().analogy(a, b, c, k); }

  /** {coordinates: [{coordinate, meanIn, meanOut, effect, auc}] by |effect|, chanceBest: number[]}. */
  coordinateSeparation(members, trials = 20, seed = 0) {
    return this.#live().coordinateSeparation(Array.from(members), trials, seed);
  }

  /** Frees the points' memory in the core. */
  delete() {
    this.handle?.delete();
    this.handle = null;
  }
}
