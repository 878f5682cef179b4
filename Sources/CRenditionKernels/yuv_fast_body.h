/*
 * Body of the vectorisable Y'CbCr conversions, included by yuv_kernels.c once per
 * instruction set with NAME(x) defined; see rendition_yuv.h for what they compute.
 */

static inline uint8_t NAME(clamp)(int32_t value)
{
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

/* One row of chroma upsampled to luma width, times 16: vertically 3 near + 1 far (done by
 * the caller into `vertical`), horizontally 3 near + 1 far, edges repeated. */
static void NAME(upsample_row)(const int32_t *vertical, int chroma_width, int width, int32_t *out)
{
    int cw = chroma_width;
    out[0] = 4 * vertical[0];
    if (width > 1) out[1] = 3 * vertical[0] + vertical[cw > 1 ? 1 : 0];
    for (int c = 1; c < cw - 1; c++) {
        out[2 * c] = 3 * vertical[c] + vertical[c - 1];
        out[2 * c + 1] = 3 * vertical[c] + vertical[c + 1];
    }
    if (cw > 1) {
        int c = cw - 1;
        out[2 * c] = 3 * vertical[c] + vertical[c - 1];
        if (2 * c + 1 < width) out[2 * c + 1] = 4 * vertical[c];
    }
}

static void NAME(yuv420_to_rgba)(const uint8_t *y, ptrdiff_t y_stride,
                                 const uint8_t *u, ptrdiff_t u_stride,
                                 const uint8_t *v, ptrdiff_t v_stride,
                                 const uint8_t *a, ptrdiff_t a_stride,
                                 uint8_t *rgba, ptrdiff_t rgba_stride,
                                 int width, int height, const rdn_yuv_to_rgb *m, int32_t *scratch)
{
    int cw = (width + 1) >> 1, ch = (height + 1) >> 1;
    int32_t *urow = scratch, *vrow = scratch + cw, *uup = scratch + 2 * width, *vup = scratch + 3 * width;
    const int32_t ys = m->y_scale, yo = m->y_offset, rv = m->r_v, gu = m->g_u, gv = m->g_v, bu = m->b_u;
    for (int row = 0; row < height; row++) {
        int near = row >> 1;
        int far = (row & 1) ? near + 1 : near - 1;
        if (far < 0) far = 0;
        if (far >= ch) far = ch - 1;
        const uint8_t *un = u + near * u_stride, *uf = u + far * u_stride;
        const uint8_t *vn = v + near * v_stride, *vf = v + far * v_stride;
        for (int c = 0; c < cw; c++) {
            urow[c] = 3 * (int32_t)un[c] + (int32_t)uf[c];
            vrow[c] = 3 * (int32_t)vn[c] + (int32_t)vf[c];
        }
        NAME(upsample_row)(urow, cw, width, uup);
        NAME(upsample_row)(vrow, cw, width, vup);
        const uint8_t *yr = y + row * y_stride;
        const uint8_t *ar = a ? a + row * a_stride : 0;
        uint8_t *out = rgba + row * rgba_stride;
        for (int x = 0; x < width; x++) {
            int32_t luma = ys * ((int32_t)yr[x] - yo);
            int32_t cb = uup[x] - 128 * 16, cr = vup[x] - 128 * 16;
            int32_t r = luma + ((rv * cr) >> 4);
            int32_t g = luma - ((gu * cb + gv * cr) >> 4);
            int32_t b = luma + ((bu * cb) >> 4);
            out[4 * x + 0] = NAME(clamp)((r + 32768) >> 16);
            out[4 * x + 1] = NAME(clamp)((g + 32768) >> 16);
            out[4 * x + 2] = NAME(clamp)((b + 32768) >> 16);
        }
        if (ar) {
            for (int x = 0; x < width; x++) out[4 * x + 3] = ar[x];
        } else {
            for (int x = 0; x < width; x++) out[4 * x + 3] = 255;
        }
    }
}

/* The alpha-weighted (or, when every alpha is 0, plain) average of `count` pixels' colour
 * sums, rounded as the portable code rounds; an exact quotient (see yuv_kernels.c). */
static inline int32_t NAME(average)(int32_t weighted, int32_t alpha_sum, int32_t plain, int32_t count)
{
    if (alpha_sum > 0) return (int32_t)((double)(weighted + alpha_sum / 2) / (double)alpha_sum);
    return (int32_t)((double)(plain + count / 2) / (double)count);
}

static void NAME(rgba_to_yuv420)(const uint8_t *rgba, ptrdiff_t rgba_stride, int width, int height,
                                 uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                                 uint8_t *v, ptrdiff_t v_stride, uint8_t *alpha, ptrdiff_t alpha_stride,
                                 const rdn_rgb_to_yuv *m)
{
    const int32_t yo = m->y_offset, yr_ = m->y_r, yg = m->y_g, yb = m->y_b;
    for (int row = 0; row < height; row++) {
        const uint8_t *in = rgba + row * rgba_stride;
        uint8_t *yr = y + row * y_stride;
        for (int x = 0; x < width; x++) {
            int32_t r = in[4 * x], g = in[4 * x + 1], b = in[4 * x + 2];
            yr[x] = NAME(clamp)(yo + ((yr_ * r + yg * g + yb * b + 32768) >> 16));
        }
        if (alpha) {
            uint8_t *ar = alpha + row * alpha_stride;
            for (int x = 0; x < width; x++) ar[x] = in[4 * x + 3];
        }
    }
    const int32_t ur = m->u_r, ug = m->u_g, ub = m->u_b, vr = m->v_r, vg = m->v_g, vb = m->v_b;
    for (int cy = 0; cy < (height + 1) / 2; cy++) {
        const uint8_t *top = rgba + 2 * cy * rgba_stride;
        /* A last odd row stands alone: its blocks are one row high. */
        const int rows = 2 * cy + 1 < height ? 2 : 1;
        const uint8_t *bottom = rows == 2 ? top + rgba_stride : top;
        uint8_t *ur_out = u + cy * u_stride, *vr_out = v + cy * v_stride;
        int cx = 0;
        if (rows == 2) {
            /* Whole 2x2 blocks, written so the compiler vectorises them. */
            for (; cx < width / 2; cx++) {
                const uint8_t *p = top + 8 * cx, *q = bottom + 8 * cx;
                const int32_t a0 = p[3], a1 = p[7], a2 = q[3], a3 = q[7];
                const int32_t sa = a0 + a1 + a2 + a3;
                const int32_t sr = a0 * p[0] + a1 * p[4] + a2 * q[0] + a3 * q[4];
                const int32_t sg = a0 * p[1] + a1 * p[5] + a2 * q[1] + a3 * q[5];
                const int32_t sb = a0 * p[2] + a1 * p[6] + a2 * q[2] + a3 * q[6];
                const int32_t pr = p[0] + p[4] + q[0] + q[4];
                const int32_t pg = p[1] + p[5] + q[1] + q[5];
                const int32_t pb = p[2] + p[6] + q[2] + q[6];
                const double divisor = sa > 0 ? (double)sa : 4.0;
                const double half = sa > 0 ? (double)(sa / 2) : 2.0;
                const int32_t r = (int32_t)(((sa > 0 ? (double)sr : (double)pr) + half) / divisor);
                const int32_t g = (int32_t)(((sa > 0 ? (double)sg : (double)pg) + half) / divisor);
                const int32_t b = (int32_t)(((sa > 0 ? (double)sb : (double)pb) + half) / divisor);
                ur_out[cx] = NAME(clamp)(128 + ((ur * r + ug * g + ub * b + 32768) >> 16));
                vr_out[cx] = NAME(clamp)(128 + ((vr * r + vg * g + vb * b + 32768) >> 16));
            }
        }
        for (; cx < (width + 1) / 2; cx++) {
            const int cols = 2 * cx + 1 < width ? 2 : 1;
            int32_t sr = 0, sg = 0, sb = 0, sa = 0, pr = 0, pg = 0, pb = 0;
            for (int dy = 0; dy < rows; dy++) {
                const uint8_t *p0 = (dy == 0 ? top : bottom) + 8 * cx;
                for (int dx = 0; dx < cols; dx++) {
                    const uint8_t *p = p0 + 4 * dx;
                    int32_t pa = p[3];
                    sr += pa * p[0]; sg += pa * p[1]; sb += pa * p[2]; sa += pa;
                    pr += p[0]; pg += p[1]; pb += p[2];
                }
            }
            const int32_t n = rows * cols;
            const int32_t r = NAME(average)(sr, sa, pr, n);
            const int32_t g = NAME(average)(sg, sa, pg, n);
            const int32_t b = NAME(average)(sb, sa, pb, n);
            ur_out[cx] = NAME(clamp)(128 + ((ur * r + ug * g + ub * b + 32768) >> 16));
            vr_out[cx] = NAME(clamp)(128 + ((vr * r + vg * g + vb * b + 32768) >> 16));
        }
    }
}
