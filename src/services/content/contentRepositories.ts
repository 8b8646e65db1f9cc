import type { DatabaseSync } from 'node:sqlite';
import { createBannerRepository } from './bannerRepository.ts';
import type { BannerRepository } from './bannerRepository.ts';
import { createBlockRepository } from './blockRepository.ts';
import type { BlockRepository } from './blockRepository.ts';
import { createPageRepository } from './pageRepository.ts';
import type { PageRepository } from './pageRepository.ts';
import { createPostRepository } from './postRepository.ts';
import type { PostRepository } from './postRepository.ts';
import { createPromotionRepository } from './promotionRepository.ts';
import type { PromotionRepository } from './promotionRepository.ts';
import { createReviewRepository } from './reviewRepository.ts';
import type { ReviewRepository } from './reviewRepository.ts';
import { createSliderRepository } from './sliderRepository.ts';
import type { SliderRepository } from './sliderRepository.ts';

/** The content service's data, one repository per kind, over one database connection. */
export interface ContentRepositories {
  blocks: BlockRepository;
  pages: PageRepository;
  sliders: SliderRepository;
  posts: PostRepository;
  promotions: PromotionRepository;
  reviews: ReviewRepository;
  banners: BannerRepository;
}

export function createContentRepositories(db: DatabaseSync): ContentRepositories {
  return {
    blocks: createBlockRepository(db),
    pages: createPageRepository(db),
    sliders: createSliderRepository(db),
    posts: createPostRepository(db),
    promotions: createPromotionRepository(db),
    reviews: createReviewRepository(db),
    banners: createBannerRepository(db),
  };
}
